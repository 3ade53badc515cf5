import { CAMPAIGN_MOVES } from '../../../contract/campaigns';
import { hasPermission } from '../../../domain/access/permissions';
import { getCampaign } from '../../../read-models/campaigns/campaigns.projection';
import { listCompanies } from '../../../read-models/companies/companies.queries';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef, type AuthContext } from '../route';
import { campaignMoveEndpoints, campaignsEndpoints } from '../../../contract/endpoints/campaigns';
import { etag, eventPosition, pathId, requireIfMatch } from './route-helpers';

const MOVE_SUMMARY: Record<(typeof CAMPAIGN_MOVES)[number], string> = {
  launch: 'Launch a draft campaign (active); with auto enrolment, every active collaborator of its company is enrolled',
  pause: 'Pause an active campaign',
  resume: 'Resume a paused campaign (active again); auto enrolment catches up new collaborators',
  end: 'End an active or paused campaign',
  eliminate: 'Eliminate a campaign (any state), with a reason',
};

/** Campaigns of partner companies (spec §3, §4) and the companies list their forms pick from. */
export const campaignsRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  /** The company a non-staff caller acts for; staff (companies:all) see every company. */
  const scope = async (auth: AuthContext | null): Promise<{ all: true } | { all: false; companyId: string | null }> =>
    hasPermission(auth!.principal.roles, 'companies:all')
      ? { all: true }
      : { all: false, companyId: await deps.memberships.companyOf(auth!.principal.user.userId) };
  const visibleCampaign = async (auth: AuthContext | null, id: string) => {
    const campaign = await getCampaign(deps.readStore, id);
    const s = await scope(auth);
    // Another company's campaign is answered as missing: the server scopes, never the client.
    if (!campaign || (!s.all && campaign.companyId !== s.companyId)) throw new ApiError('NOT_FOUND');
    return campaign;
  };
  return [
    route(campaignsEndpoints.getCompanies, {
      summary: "Partner employers and real-estate companies by name (?kind=employer|real_estate); a company user's own only",
      tag: 'companies',
      access: 'authenticated',
      handler: async ({ query, auth }) => {
        const s = await scope(auth);
        if (s.all) return listCompanies(deps.readStore, query);
        return s.companyId ? listCompanies(deps.readStore, { ...query, companyId: s.companyId }) : { items: [] };
      },
    }),
    route(campaignsEndpoints.getCampaignsByIdPublic, {
      summary: "A campaign's public page: name, description, company, dates and whether one may enrol by RUT (drafts and eliminated campaigns are not found)",
      tag: 'campaigns',
      access: 'public',
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ params }) => {
        const campaign = await getCampaign(deps.readStore, pathId(params));
        if (!campaign || campaign.status === 'draft' || campaign.status === 'eliminated') throw new ApiError('NOT_FOUND');
        const [company] = (await listCompanies(deps.readStore, { companyId: campaign.companyId })).items;
        const { id, name, description, status, startDate, endDate, selfEnrollmentByRut } = campaign;
        return { id, name, description, companyName: company?.name ?? '', status, startDate, endDate, selfEnrollmentByRut };
      },
    }),
    route(campaignsEndpoints.getCampaignsById, {
      summary: 'One campaign; the ETag is its revision, for If-Match',
      tag: 'campaigns',
      access: 'campaigns:read',
      responses: { 404: 'NOT_FOUND (or another company’s campaign)' },
      handler: async ({ params, auth, res }) => {
        const campaign = await visibleCampaign(auth, pathId(params));
        res.setHeader('ETag', etag(campaign.revision));
        return campaign;
      },
    }),
    route(campaignsEndpoints.postCampaigns, {
      summary: 'Create a campaign (draft) for a partner company',
      tag: 'campaigns',
      access: 'campaigns:manage',
      responses: { 201: '{ id }', 404: 'NOT_FOUND: no such company' },
      handler: async ({ body, res, meta }) => {
        const companies = await listCompanies(deps.readStore, { companyId: body.companyId });
        if (companies.items.length === 0)
          throw new ApiError('VALIDATION_FAILED', [{ field: 'companyId', code: 'INVALID_VALUE', message: 'Elija una empresa en convenio.' }]);
        const result = await deps.campaigns.create(body, meta);
        eventPosition(res, result.position);
        res.status(201);
        return { id: result.events[0].data.campaignId };
      },
    }),
    route(campaignsEndpoints.patchCampaignsById, {
      summary: 'Change a campaign (not once ended or eliminated); If-Match required',
      tag: 'campaigns',
      access: 'campaigns:manage',
      responses: { 412: 'PRECONDITION_FAILED', 422: 'BUSINESS_RULE_VIOLATION: ended or eliminated', 428: 'PRECONDITION_REQUIRED' },
      handler: async ({ params, body, req, res, meta }) => {
        const result = await deps.campaigns.change(pathId(params), body, meta, requireIfMatch(req.header('If-Match')));
        eventPosition(res, result.position);
        res.setHeader('ETag', etag(result.revision));
        return { id: pathId(params), revision: result.revision };
      },
    }),
    ...CAMPAIGN_MOVES.map((move) =>
      route(campaignMoveEndpoints[move], {
        summary: MOVE_SUMMARY[move],
        tag: 'campaigns',
        access: 'campaigns:manage',
        responses: { 404: 'NOT_FOUND', 422: 'BUSINESS_RULE_VIOLATION: not allowed from the campaign’s status' },
        handler: async ({ params, body, res, meta }) => {
          if (move === 'eliminate' && !body.reason) throw new ApiError('VALIDATION_FAILED', [{ field: 'reason', code: 'REQUIRED' }]);
          const result = await deps.campaigns.transition(pathId(params), move, meta, body.reason ?? '');
          eventPosition(res, result.position);
          return { id: pathId(params), revision: result.revision };
        },
      }),
    ),
    route(campaignsEndpoints.postCampaignsByIdEnrolments, {
      summary: 'Enrol a collaborator by RUT: staff any collaborator of the company, a person themselves (own RUT, campaigns open to self-enrolment)',
      tag: 'campaigns',
      access: 'authenticated',
      responses: {
        201: '{ campaignId, enrolled: true }',
        404: 'NOT_FOUND',
        422: 'BUSINESS_RULE_VIOLATION: not active, closed to self-enrolment, or not a collaborator',
      },
      handler: async ({ params, body, auth, res, meta }) => {
        const staff = hasPermission(auth!.principal.roles, 'campaigns:manage');
        const result = await deps.campaigns.enroll(pathId(params), body.rut, staff ? null : { rut: auth!.principal.user.rut }, meta);
        eventPosition(res, result.position);
        res.status(201);
        return { campaignId: pathId(params), enrolled: true };
      },
    }),
  ];
};
