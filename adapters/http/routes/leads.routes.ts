import { advisorById, leadDetailFor, listAdvisors, listLeadsFor, seesAllLeads } from '../../../application/leads/lead-queries';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type AuthContext, type RouteDef } from '../route';
import { leadsEndpoints } from '../../../contract/endpoints/leads';
import { eventPosition, pathId } from './route-helpers';

const reader = (auth: AuthContext | null) => ({ userId: auth!.principal.user.userId, roles: auth!.principal.roles });

/**
 * Leads as a workflow (spec §3): the list with its filters, a lead's detail and timeline, status moves with
 * a reason (the lead decides which: domain/leads), assignment to an advisor. Advisors see their own leads;
 * analysts and auditors read every lead and change nothing.
 */
export const leadsRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(leadsEndpoints.getLeads, {
    summary:
      "Leads: filter by status, source, project, advisor (or 'none'), score range, capture dates, pre-approval, search; newest activity first. An advisor sees only the leads assigned to them",
    tag: 'leads',
    access: 'leads:read',
    handler: async ({ query, auth }) => listLeadsFor(deps.readStore, reader(auth), query, deps.clock.now()),
  }),
  route(leadsEndpoints.getLeadsAdvisors, {
    summary: 'Advisors a lead may be assigned to (enabled accounts with the advisor role)',
    tag: 'leads',
    access: 'leads:assign',
    handler: async () => listAdvisors(deps.readStore),
  }),
  route(leadsEndpoints.getLeadsById, {
    summary:
      'A lead with its activity timeline (visits, documents downloaded, quotes, contact requests, chat messages, status moves, assignments), newest first, and the moves it allows',
    tag: 'leads',
    access: 'leads:read',
    responses: { 404: 'NOT_FOUND' },
    handler: async ({ params, auth }) => leadDetailFor(deps.readStore, reader(auth), pathId(params), deps.clock.now()),
  }),
  route(leadsEndpoints.postLeadsByIdStatus, {
    summary:
      'Move a lead: unfinished -> downloaded -> derivated | rejected, with a reason. Derivated and rejected are final (409 LEAD_CLOSED); a move the lead does not allow is 409 LEAD_STATUS_NOT_ALLOWED; the same status again changes nothing',
    tag: 'leads',
    access: 'leads:update',
    responses: { 404: 'NOT_FOUND', 409: 'LEAD_CLOSED, LEAD_STATUS_NOT_ALLOWED' },
    handler: async ({ params, body, auth, res, meta }) => {
      const leadId = pathId(params);
      const who = reader(auth);
      const result = await deps.leads.changeStatus(leadId, body.status, body.reason, meta, seesAllLeads(who) ? undefined : who.userId);
      eventPosition(res, result.position);
      return { id: leadId, status: body.status };
    },
  }),
  route(leadsEndpoints.postLeadsByIdAssign, {
    summary: 'Assign a lead to an advisor, who owes the person a contact within 24 hours (the due time is on the lead)',
    tag: 'leads',
    access: 'leads:assign',
    responses: { 404: 'NOT_FOUND', 409: 'LEAD_CLOSED' },
    handler: async ({ params, body, res, meta }) => {
      const leadId = pathId(params);
      const advisor = await advisorById(deps.readStore, body.advisorId);
      if (!advisor) throw new ApiError('VALIDATION_FAILED', [{ field: 'advisorId', code: 'INVALID_VALUE', message: 'Elija un asesor habilitado.' }]);
      const result = await deps.leads.assign(leadId, advisor.id, meta);
      eventPosition(res, result.position);
      return { id: leadId, advisorId: advisor.id };
    },
  }),
  route(leadsEndpoints.postLeadsByIdPreApproval, {
    summary: 'Mark a lead pre-approved for a mortgage (raises its score); marking it again changes nothing',
    tag: 'leads',
    access: 'leads:assign',
    responses: { 404: 'NOT_FOUND' },
    handler: async ({ params, res, meta }) => {
      const leadId = pathId(params);
      const result = await deps.leads.preApprove(leadId, meta);
      eventPosition(res, result.position);
      return { id: leadId, preApproved: true };
    },
  }),
];
