import { endpoint } from '../endpoint';
import {
  cataloguePageResponse,
  featuredProjectsResponse,
  featuredQuery,
  filterOptionsResponse,
  listProjectsQuery,
  projectDetailResponse,
  regionsResponse,
  unitRow,
  unitsQuery,
  unitsResponse,
} from '../catalog';
import { z } from 'zod';

/** The endpoints served by adapters/http/routes/catalog.routes.ts. */
export const catalogEndpoints = {
  getProjects: endpoint({ method: 'get', path: '/projects', query: listProjectsQuery, response: cataloguePageResponse }),
  getProjectsFilters: endpoint({ method: 'get', path: '/projects/filters', response: filterOptionsResponse }),
  getProjectsFeatured: endpoint({ method: 'get', path: '/projects/featured', query: featuredQuery, response: featuredProjectsResponse }),
  getProjectsById: endpoint({ method: 'get', path: '/projects/:id', response: projectDetailResponse }),
  getProjectsByIdUnits: endpoint({ method: 'get', path: '/projects/:id/units', query: unitsQuery, response: unitsResponse }),
  getUnitsById: endpoint({ method: 'get', path: '/units/:id', response: unitRow }),
  getReferenceRegions: endpoint({ method: 'get', path: '/reference/regions', query: z.strictObject({}), response: regionsResponse }),
};
