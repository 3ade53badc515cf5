import type { ReadStore } from '../../application/ports/read-store';
import { ALERTS, type AlertDoc } from './alerts.projection';

export { ALERTS } from './alerts.projection';

/** Waiting alerts a freed unit answers: the unit's own, and those on any unit of its project. */
export const waitingAlertsFor = async (store: ReadStore, projectId: string, unitId: string): Promise<{ alertId: string; userId: string }[]> =>
  (await store.collection<AlertDoc>(ALERTS).find({ status: 'active', $or: [{ unitId }, { projectId, unitId: null }] }, { sort: { createdAt: 1, _id: 1 } })).map(
    (d) => ({ alertId: d._id, userId: d.userId }),
  );
