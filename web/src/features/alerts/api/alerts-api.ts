import { alertsEndpoints } from '../../../../../contract/endpoints/alerts';
import { callEndpoint } from '../../../shared/api/endpoints';
import type { ApiPort } from '../../../shared/api/port';
import { platformApi, read, write } from '../../../shared/api/platform-api';
import type { AlertTarget, AvailabilityAlert } from '../../../../../contract/alerts';

/**
 * Availability alerts ("Avisarme si se libera"): the contract's alertsEndpoints. The buyer is emailed once when
 * the unit (or, without a unit, any unit of the project) frees up.
 */
// The shapes are the contract's (contract/alerts.ts).
export type { AlertStatus, AlertTarget, AvailabilityAlert, MyAlert, MyAlertsAnswer } from '../../../../../contract/alerts';

/** Set from a project's page by the alerts saga (the unit's button follows it). */
export const setAlert = async (api: ApiPort, target: AlertTarget): Promise<AvailabilityAlert> =>
  (
    await callEndpoint(
      api,
      alertsEndpoints.postAlerts,
      { body: target.unitId ? { projectId: target.projectId, unitId: target.unitId } : { projectId: target.projectId } },
      { sessionRequired: true },
    )
  ).data;

/** My alerts page: the list, and removing one asks for it again. */
export const alertsApi = platformApi.enhanceEndpoints({ addTagTypes: ['MyAlerts'] }).injectEndpoints({
  endpoints: (build) => ({
    myAlerts: read(build, alertsEndpoints.getAlertsMine, { provides: ['MyAlerts'] }),
    removeAlert: write(build, alertsEndpoints.deleteAlertsById, { invalidates: ['MyAlerts'] }),
  }),
});

export const { useMyAlertsQuery, useRemoveAlertMutation } = alertsApi;
