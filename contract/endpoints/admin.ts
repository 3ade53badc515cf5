import { endpoint } from '../endpoint';
import { healthResponse, livenessResponse, projectionNamesResponse, projectionsStatusResponse, rebuildStartedResponse, rebuiltResponse } from '../projections';
import { z } from 'zod';
import { campaignsResponse } from '../campaigns';
import { mailboxResponse } from '../email';

/** The endpoints served by adapters/http/routes/admin.routes.ts. */
export const adminEndpoints = {
  getHealthLive: endpoint({ method: 'get', path: '/health/live', response: livenessResponse }),
  getHealthReady: endpoint({ method: 'get', path: '/health/ready', response: healthResponse }),
  getHealth: endpoint({ method: 'get', path: '/health', response: healthResponse }),
  getCampaigns: endpoint({
    method: 'get',
    path: '/campaigns',
    query: z.strictObject({
      companyId: z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/)
        .optional(),
      status: z.enum(['draft', 'active', 'paused', 'ended', 'eliminated']).optional(),
    }),
    response: campaignsResponse,
  }),
  getAdminMailbox: endpoint({ method: 'get', path: '/admin/mailbox', response: mailboxResponse }),
  getAdminProjections: endpoint({ method: 'get', path: '/admin/projections', response: projectionNamesResponse }),
  postAdminProjectionsByNameRebuild: endpoint({ method: 'post', path: '/admin/projections/:name/rebuild', response: rebuiltResponse }),
  getAdminProjectionsStatus: endpoint({ method: 'get', path: '/admin/projections/status', response: projectionsStatusResponse }),
  postAdminProjectionsByNameRebuilds: endpoint({ method: 'post', path: '/admin/projections/:name/rebuilds', response: rebuildStartedResponse }),
};
