import { endpoint } from '../endpoint';
import {
  leadAdvisors,
  leadAssignBody,
  leadAssignedResponse,
  leadDetail,
  leadPreApprovedResponse,
  leadStatusBody,
  leadStatusChangedResponse,
  leadsPage,
  leadsQuery,
} from '../leads';

/** The endpoints served by adapters/http/routes/leads.routes.ts. */
export const leadsEndpoints = {
  getLeads: endpoint({ method: 'get', path: '/leads', query: leadsQuery, response: leadsPage }),
  getLeadsAdvisors: endpoint({ method: 'get', path: '/leads/advisors', response: leadAdvisors }),
  getLeadsById: endpoint({ method: 'get', path: '/leads/:id', response: leadDetail }),
  postLeadsByIdStatus: endpoint({ method: 'post', path: '/leads/:id/status', body: leadStatusBody, response: leadStatusChangedResponse }),
  postLeadsByIdAssign: endpoint({ method: 'post', path: '/leads/:id/assign', body: leadAssignBody, response: leadAssignedResponse }),
  postLeadsByIdPreApproval: endpoint({ method: 'post', path: '/leads/:id/pre-approval', response: leadPreApprovedResponse }),
};
