import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { ReadStore } from '../../kernel/ports/read-store';
import { PERSONAL_DATA_CATEGORY, PERSONAL_DATA_ERASED } from '../../kernel/personal-data/personal-data-erased';
import type { AvailabilityAlertsEvent } from '../../domain/alerts/availability-alerts';
import type { PersonalDataErased } from '../../kernel/personal-data/personal-data-erased';

export const ALERTS = 'availability-alerts';

export type AlertStatus = 'active' | 'notified' | 'removed';

export interface AlertDoc {
  _id: string;
  [key: string]: unknown;
  userId: string;
  projectId: string;
  projectName: string;
  unitId: string | null;
  unitNumber: string | null;
  status: AlertStatus;
  createdAt: string;
  notifiedAt: string | null;
  notifiedUnitId: string | null;
  notifiedUnitNumber: string | null;
}

/** Availability alerts, one document per alert: the buyer's list and what a freed unit looks up. */
export const alertsProjection: Projection<AvailabilityAlertsEvent | PersonalDataErased> = {
  name: 'availability-alerts',
  collections: [ALERTS],
  categories: ['alerts', PERSONAL_DATA_CATEGORY],
  eventTypes: ['AvailabilityAlertSet', 'AvailabilityAlertRemoved', 'AvailabilityAlertNotified', PERSONAL_DATA_ERASED],
  indexes: [
    { collection: ALERTS, keys: { userId: 1, createdAt: -1 } },
    { collection: ALERTS, keys: { status: 1, unitId: 1 } },
    { collection: ALERTS, keys: { status: 1, projectId: 1 } },
  ],
  async apply(recorded, store) {
    // An erased person's alerts served only them: they go (and stay gone after a rebuild).
    if (recorded.type === PERSONAL_DATA_ERASED) return void (await store.collection<AlertDoc>(ALERTS).deleteMany({ userId: recorded.data.subjectId }));
    const event: AvailabilityAlertsEvent = recorded;
    const docs = store.collection<AlertDoc>(ALERTS);
    switch (event.type) {
      case 'AvailabilityAlertSet': {
        const { alertId, userId, projectId, projectName, unitId, unitNumber, setAt } = event.data;
        await guardedUpsert(docs, alertId, recorded, {
          $set: {
            userId,
            projectId,
            projectName,
            unitId,
            unitNumber,
            status: 'active',
            createdAt: setAt,
            notifiedAt: null,
            notifiedUnitId: null,
            notifiedUnitNumber: null,
          },
        });
        return;
      }
      case 'AvailabilityAlertNotified': {
        const { alertId, unitId, unitNumber, notifiedAt } = event.data;
        await guardedUpsert(docs, alertId, recorded, { $set: { status: 'notified', notifiedAt, notifiedUnitId: unitId, notifiedUnitNumber: unitNumber } });
        return;
      }
      case 'AvailabilityAlertRemoved':
        await guardedUpsert(docs, event.data.alertId, recorded, { $set: { status: 'removed', removedAt: event.data.removedAt } });
        return;
    }
  },
};

const view = ({
  _id,
  userId: _userId,
  status,
  projectId,
  projectName,
  unitId,
  unitNumber,
  createdAt,
  notifiedAt,
  notifiedUnitId,
  notifiedUnitNumber,
}: AlertDoc) => ({
  id: _id,
  projectId,
  projectName,
  unitId,
  unitNumber,
  status,
  createdAt,
  notifiedAt,
  notifiedUnitId,
  notifiedUnitNumber,
});

/** The buyer's alerts, newest first; removed ones are gone from the list. */
export const listMyAlerts = async (store: ReadStore, userId: string) => {
  const docs = await store.collection<AlertDoc>(ALERTS).find({ userId, status: { $ne: 'removed' } }, { sort: { createdAt: -1, _id: 1 } });
  return { items: docs.map(view), total: docs.length };
};
