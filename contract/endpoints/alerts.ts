import { endpoint } from '../endpoint';
import { alertRemovedResponse, availabilityAlertResponse, myAlertsResponse, setAlertBody } from '../alerts';

/** The endpoints served by adapters/http/routes/alerts.routes.ts. */
export const alertsEndpoints = {
  getAlertsMine: endpoint({ method: 'get', path: '/alerts/mine', response: myAlertsResponse }),
  postAlerts: endpoint({ method: 'post', path: '/alerts', body: setAlertBody, response: availabilityAlertResponse }),
  deleteAlertsById: endpoint({ method: 'delete', path: '/alerts/:id', response: alertRemovedResponse }),
};
