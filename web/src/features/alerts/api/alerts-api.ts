import type { ApiPort } from '../../../shared/api/port';

/**
 * Availability alerts ("Avisarme si se libera"): POST /alerts, GET /alerts/mine, DELETE /alerts/:id.
 * The buyer is emailed once when the unit (or, without a unit, any unit of the project) frees up.
 */
import type { AlertTarget, AvailabilityAlert, MyAlertsAnswer } from '../../../../../contract/alerts';

// The shapes are the contract's (contract/alerts.ts).
export type { AlertStatus, AlertTarget, AvailabilityAlert, MyAlert, MyAlertsAnswer } from '../../../../../contract/alerts';

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
