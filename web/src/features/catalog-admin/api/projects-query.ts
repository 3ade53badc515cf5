import { BACKOFFICE_PROJECT_SORTS, backofficeProjectRow } from '../../../../../contract/catalog-admin';
import { listQueryToApi, readListQuery, type ListQuery, type Page } from '../../../shared/api/list-query';
import type { ApiPort } from '../../../shared/api/port';
import { fetchProjects, type ProjectRow } from './catalog-admin-api';

/** The projects list's filters as the URL carries them ('' = any). */
export type ProjectFilter = {
  search: string;
  regionCode: string;
  communeCode: string;
  buildStatus: string;
  assetType: string;
  enabled: string;
  featured: string;
  realEstateCompanyId: string;
};
export type ProjectSort = (typeof BACKOFFICE_PROJECT_SORTS)[number];
export type ProjectListQuery = ListQuery<ProjectFilter, ProjectSort>;

export const BUILD_STATUSES = backofficeProjectRow.shape.buildStatus.options;
export const ASSET_TYPES = backofficeProjectRow.shape.assetType.options;
export const PROJECT_SORTS = BACKOFFICE_PROJECT_SORTS;
const YES_NO = ['true', 'false'] as const;

export const parseProjectQuery = (params: URLSearchParams): ProjectListQuery =>
  readListQuery<ProjectFilter, ProjectSort>(
    params,
    {
      search: 'text',
      regionCode: 'text',
      communeCode: 'text',
      buildStatus: BUILD_STATUSES,
      assetType: ASSET_TYPES,
      enabled: YES_NO,
      featured: YES_NO,
      realEstateCompanyId: 'text',
    },
    PROJECT_SORTS,
  );

/** A commune belongs to one region: choosing another region lets go of the commune. */
export const withRegion = (filter: ProjectFilter, regionCode: string): ProjectFilter => ({
  ...filter,
  regionCode,
  communeCode: filter.communeCode.startsWith(regionCode) && regionCode ? filter.communeCode : '',
});

export const fetchProjectPage = async (api: ApiPort, query: ProjectListQuery): Promise<Page<ProjectRow>> =>
  fetchProjects(api, listQueryToApi(query) as Record<string, string | number | undefined>);
