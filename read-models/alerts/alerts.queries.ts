import type { ReadStore } from '../../kernel/ports/read-store';
import { ALERTS, type AlertDoc } from './alerts.projection';

/** A freed unit, as the alerts waiting for it are looked up. */
export interface FreedUnit {
  readonly projectId: string;
  readonly unitId: string;
}

export type WaitingAlert = { alertId: string; userId: string };

/**
 * The waiting alerts each freed unit answers (the unit's own, and those on any unit of its project), oldest first,
 * for several units in one query, in the order given. The
 * alerts process looks up every unit a delivery frees or adds: one query for the units looked up at once
 * instead of one each (a distributed catch-up of the demo's 600 added units sent 600).
 */
export const waitingAlertsForUnits = async (store: ReadStore, units: readonly FreedUnit[]): Promise<WaitingAlert[][]> => {
  if (units.length === 0) return [];
  const unitIds = [...new Set(units.map((u) => u.unitId))];
  const projectIds = [...new Set(units.map((u) => u.projectId))];
  const alerts = await store
    .collection<AlertDoc>(ALERTS)
    .find({ status: 'active', $or: [{ unitId: { $in: unitIds } }, { projectId: { $in: projectIds }, unitId: null }] }, { sort: { createdAt: 1, _id: 1 } });
  return units.map(({ projectId, unitId }) =>
    alerts
      .filter((d) => d.unitId === unitId || (d.projectId === projectId && (d.unitId === null || d.unitId === undefined)))
      .map((d) => ({ alertId: d._id, userId: d.userId })),
  );
};
