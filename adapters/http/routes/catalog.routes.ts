import { linkBase } from '../../../application/config';
import { buyerOf } from '../../../application/leads/buyer';
import { hasPermission } from '../../../domain/access/permissions';
import { catalogFacets, InvalidCursorError, listCatalog } from '../../../read-models/catalog/catalog.queries';
import { listFeatured } from '../../../read-models/featured/featured.projection';
import { getProjectDetail, getProjectUnit, listProjectUnits } from '../../../read-models/project-detail/project-detail.queries';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef } from '../route';
import { catalogEndpoints } from '../../../contract/endpoints/catalog';
import { pathId } from './route-helpers';

/** The public catalogue: explore, featured, project page, unit table, and Chile's regions and communes. */
export const catalogRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(catalogEndpoints.getProjects, {
    summary:
      "Explore projects: search by name; filters commune, propertyType, bedrooms, priceFrom/priceTo (UF, on the lowest available unit price, the card's priceFromUF), amenities, buildStatus; sort; cursor pagination",
    tag: 'catalog',
    access: 'public',
    handler: async ({ query, meta }) => {
      try {
        return await listCatalog(
          deps.catalogIndex,
          {
            search: query.search,
            communes: query.commune,
            propertyTypes: query.propertyType,
            bedrooms: query.bedrooms,
            priceFrom: query.priceFrom,
            priceTo: query.priceTo,
            amenities: query.amenities,
            buildStatuses: query.buildStatus,
            sort: query.sort,
            limit: query.limit,
            cursor: query.cursor,
          },
          meta.now,
        );
      } catch (error) {
        if (error instanceof InvalidCursorError) throw new ApiError('VALIDATION_FAILED', [{ field: 'cursor', code: 'INVALID_VALUE' }]);
        throw error;
      }
    },
  }),
  route(catalogEndpoints.getProjectsFilters, {
    summary: 'The values the explore filters offer (communes, property types, build statuses, bedrooms, amenities, price range)',
    tag: 'catalog',
    access: 'public',
    handler: async () => catalogFacets(deps.catalogIndex),
  }),
  route(catalogEndpoints.getProjectsFeatured, {
    summary: 'Featured projects in their back-office order (home page)',
    tag: 'catalog',
    access: 'public',
    handler: async ({ query, meta }) => listFeatured(deps.readStore, query.limit, meta.now),
  }),
  route(catalogEndpoints.getProjectsById, {
    summary: 'Project page: every field, images by category, floor plans, promotions, pricing options, unit statistics, directions and share links',
    tag: 'catalog',
    access: 'public',
    responses: { 404: 'NOT_FOUND (also for a disabled project)' },
    handler: async ({ params, auth, meta }) => {
      const project = await getProjectDetail(deps.readStore, pathId(params), linkBase(deps.config, meta), meta.now);
      if (!project) throw new ApiError('NOT_FOUND');
      // Counted in memory (recorded once per interval); a signed-in buyer's visit feeds their lead then too.
      deps.pageViews?.view(pathId(params), auth && hasPermission(auth.principal.roles, 'reservations:create') ? buyerOf(auth.principal) : undefined);
      return project;
    },
  }),
  route(catalogEndpoints.getProjectsByIdUnits, {
    summary: "The project's unit table, filtered by bedrooms and bathrooms (lists or repeated parameters)",
    tag: 'catalog',
    access: 'public',
    handler: async ({ params, query }) => {
      const units = await listProjectUnits(deps.readStore, pathId(params), {
        bedrooms: query.bedrooms,
        bathrooms: query.bathrooms,
        availableOnly: query.available,
      });
      if (!units) throw new ApiError('NOT_FOUND');
      return units;
    },
  }),
  route(catalogEndpoints.getUnitsById, {
    summary: 'One unit with its floor plan (unit selector)',
    tag: 'catalog',
    access: 'public',
    handler: async ({ params }) => {
      const unit = await getProjectUnit(deps.readStore, pathId(params));
      if (!unit) throw new ApiError('NOT_FOUND');
      return unit;
    },
  }),
  route(catalogEndpoints.getReferenceRegions, {
    summary: "Chile's 16 regions with their communes and official codes",
    tag: 'reference',
    access: 'public',
    handler: async () => ({
      items: deps.territory.regions().map((r) => ({
        ...r,
        communes: deps.territory.communes(r.code).map((c) => ({ code: c.code, name: c.name, provinceCode: c.provinceCode })),
      })),
    }),
  }),
];
