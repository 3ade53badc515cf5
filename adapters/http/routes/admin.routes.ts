import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef } from '../route';
import { adminEndpoints } from '../../../contract/endpoints/admin';
import { listCampaigns } from '../../../read-models/campaigns/campaigns.projection';
import { hasPermission } from '../../../domain/access/permissions';

export const adminRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(adminEndpoints.getHealthLive, {
    summary: 'Liveness (Kubernetes livenessProbe): the process runs and answers HTTP; no store is asked, so a store outage restarts nothing',
    tag: 'admin',
    access: 'public',
    keepsSessionIdle: true,
    servedWhileStarting: true,
    handler: async () => ({ status: 'alive' as const }),
  }),
  ...[adminEndpoints.getHealthReady, adminEndpoints.getHealth].map((endpoint) =>
    route(endpoint, {
      summary:
        endpoint.path === '/health'
          ? 'Readiness, as GET /health/ready (kept for load balancers and health checks that ask this path)'
          : 'Readiness (Kubernetes readinessProbe, load balancers): ready once the read models caught up with the event store as it was at start, while the stores answer and no shutdown is under way',
      tag: 'admin',
      access: 'public',
      keepsSessionIdle: true,
      servedWhileStarting: true,
      responses: {
        503:
          "{ status: 'starting' }: the read models are still catching up with the event store; " +
          "{ status: 'unavailable', storage?: 'full' | 'read-only' | 'unavailable', unreachable?: ['event-store' | 'read-store'] }: " +
          "the data directory takes no writes or a store does not answer; { status: 'stopping' }: a shutdown is under way (SIGTERM)",
      },
      handler: async ({ res }) => {
        const base = { mode: deps.config.mode, readPosition: deps.projections.position() };
        if (deps.readiness.isStopping) {
          res.status(503);
          return { status: 'stopping' as const, ...base };
        }
        const [storage, unreachable] = [deps.storage.check(), await deps.stores.silent()];
        const status = storage || unreachable.length > 0 ? 'unavailable' : deps.readiness.isReady ? 'ready' : 'starting';
        if (status !== 'ready') res.status(503);
        return { status, ...base, ...(storage ? { storage } : {}), ...(unreachable.length > 0 ? { unreachable: [...unreachable] } : {}) };
      },
    }),
  ),
  route(adminEndpoints.getCampaigns, {
    summary: 'Campaigns of partner companies with their status and enrolled collaborators',
    tag: 'campaigns',
    access: 'campaigns:read',
    responses: { 200: "{ items }: every company's campaigns for the back office; a company user's own company's only" },
    handler: async ({ query, auth }) => {
      if (hasPermission(auth!.principal.roles, 'companies:all')) return listCampaigns(deps.readStore, query);
      // Scoped by the server, never by the client: another company's id simply finds nothing.
      const own = await deps.memberships.companyOf(auth!.principal.user.userId);
      if (!own || (query.companyId && query.companyId !== own)) return { items: [] };
      return listCampaigns(deps.readStore, { ...query, companyId: own });
    },
  }),
  route(adminEndpoints.getAdminMailbox, {
    summary: 'Emails captured by the in-process SMTP sink (development and demo)',
    tag: 'admin',
    access: 'mailbox:read',
    handler: async () => ({ items: deps.mailbox?.list() ?? [] }),
  }),
  route(adminEndpoints.getAdminProjections, {
    summary: 'Projections and the position the read models have reached',
    tag: 'admin',
    access: 'projections:manage',
    handler: async () => ({ items: deps.projections.names(), position: deps.projections.position() }),
  }),
  route(adminEndpoints.postAdminProjectionsByNameRebuild, {
    summary: 'Rebuild a projection into fresh collections and switch (blue-green)',
    tag: 'admin',
    access: 'projections:manage',
    handler: async ({ params }) => {
      if (!deps.projections.names().includes(params.name)) throw new ApiError('NOT_FOUND');
      return deps.projections.rebuild(params.name);
    },
  }),
  route(adminEndpoints.getAdminProjectionsStatus, {
    summary: 'Migration dashboard: each read model with its position, lag behind the event store, and rebuilds in progress or last finished',
    tag: 'admin',
    access: 'projections:manage',
    handler: async () => deps.projections.dashboard.status(),
  }),
  route(adminEndpoints.postAdminProjectionsByNameRebuilds, {
    summary: 'Start a blue-green rebuild and answer at once (202); follow it on the status route',
    tag: 'admin',
    access: 'projections:manage',
    responses: { 202: '{ name, started: true }', 404: 'NOT_FOUND', 409: 'OPERATION_IN_PROGRESS: a rebuild of it is already running' },
    handler: async ({ params, res }) => {
      if (!deps.projections.names().includes(params.name)) throw new ApiError('NOT_FOUND');
      if (!deps.projections.dashboard.start(params.name))
        throw new ApiError('OPERATION_IN_PROGRESS', [
          { field: 'name', code: 'OPERATION_IN_PROGRESS', message: 'Ya hay una reconstrucción en curso de esta proyección.' },
        ]);
      res.status(202);
      return { name: params.name, started: true as const };
    },
  }),
];
