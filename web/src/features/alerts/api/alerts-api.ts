import type { ApiPort } from '../../../shared/api/port';

/**
 * Availability alerts ("Avisarme si se libera"): POST /alerts, GET /alerts/mine, DELETE /alerts/:id.
 * The buyer is emailed once when the unit (or, without a unit, any unit of the project) frees up.
 */
export type AlertStatus = 'active' | 'notified';

export interface AlertTarget {
  readonly projectId: string;
  /** Null: any unit of the project. */
  readonly unitId: string | null;
}

/** What POST /alerts answers; setting the same alert again answers the one already waiting. */
export interface AvailabilityAlert {
  readonly id: string;
  readonly projectId: string;
  readonly projectName: string;
  readonly unitId: string | null;
  readonly unitNumber: string | null;
  readonly status: AlertStatus;
  readonly createdAt: string;
}

export interface MyAlert extends AvailabilityAlert {
  readonly notifiedAt: string | null;
  /** The unit whose release the buyer was told about (for a project alert, whichever freed up). */
  readonly notifiedUnitId: string | null;
  readonly notifiedUnitNumber: string | null;
}

/** Newest first; removed alerts are not listed. */
export interface MyAlertsAnswer {
  readonly items: readonly MyAlert[];
  readonly total: number;
}

const id = (value: string) => encodeURIComponent(value);

export const setAlert = async (api: ApiPort, target: AlertTarget): Promise<AvailabilityAlert> =>
  (
    await api.request<AvailabilityAlert>({
      method: 'POST',
      path: '/alerts',
      body: target.unitId ? { projectId: target.projectId, unitId: target.unitId } : { projectId: target.projectId },
      sessionRequired: true,
    })
  ).data;

export const listMyAlerts = async (api: ApiPort): Promise<MyAlertsAnswer> => (await api.request<MyAlertsAnswer>({ method: 'GET', path: '/alerts/mine' })).data;

export const removeAlert = async (api: ApiPort, alertId: string): Promise<{ id: string; removed: boolean }> =>
  (await api.request<{ id: string; removed: boolean }>({ method: 'DELETE', path: `/alerts/${id(alertId)}` })).data;
