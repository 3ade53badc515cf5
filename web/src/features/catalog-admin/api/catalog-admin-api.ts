import type { Region } from '../../../../../contract/catalog';
import type { z } from 'zod';
import type { CompanyItem } from '../../../../../contract/campaigns';
import type {
  backofficeProjectsResponse,
  BackofficeProject,
  featuredBody,
  ProjectFields,
  revisionResponse,
  UnitFields,
} from '../../../../../contract/catalog-admin';
import type { ApiPort } from '../../../shared/api/port';

/** The catalogue operations endpoints (contract/catalog-admin.ts): back office and the real-estate portal's listings. */
export type ProjectsPage = z.infer<typeof backofficeProjectsResponse>;
export type ProjectRow = ProjectsPage['items'][number];
type Revision = z.infer<typeof revisionResponse>;
export type { Region };

const project = (id: string) => `/projects/${encodeURIComponent(id)}`;
const unit = (id: string) => `/units/${encodeURIComponent(id)}`;
/** The revision as the weak ETag the server compares If-Match with. */
export const etagOf = (revision: number) => `W/"${revision}"`;

export const fetchProjects = async (api: ApiPort, query: Readonly<Record<string, string | number | undefined>>): Promise<ProjectsPage> =>
  (await api.request<ProjectsPage>({ method: 'GET', path: '/backoffice/projects', query })).data;

export const fetchProject = async (api: ApiPort, id: string): Promise<BackofficeProject> =>
  (await api.request<BackofficeProject>({ method: 'GET', path: `/backoffice/projects/${encodeURIComponent(id)}` })).data;

export const createProject = async (api: ApiPort, body: ProjectFields): Promise<string> =>
  (await api.request<{ id: string }>({ method: 'POST', path: '/projects', body })).data.id;

export const updateProject = async (api: ApiPort, id: string, revision: number, body: Partial<ProjectFields>): Promise<Revision> =>
  (await api.request<Revision>({ method: 'PATCH', path: project(id), body, headers: { 'If-Match': etagOf(revision) } })).data;

export const setProjectEnabled = async (api: ApiPort, id: string, enabled: boolean, reason: string): Promise<void> => {
  await api.request({ method: 'POST', path: `${project(id)}/${enabled ? 'enable' : 'disable'}`, body: reason ? { reason } : {} });
};

export const createUnit = async (api: ApiPort, projectId: string, body: UnitFields): Promise<string> =>
  (await api.request<{ id: string }>({ method: 'POST', path: `${project(projectId)}/units`, body })).data.id;

export const updateUnit = async (api: ApiPort, id: string, revision: number, body: Partial<UnitFields>): Promise<Revision> =>
  (await api.request<Revision>({ method: 'PATCH', path: unit(id), body, headers: { 'If-Match': etagOf(revision) } })).data;

export const setUnitEnabled = async (api: ApiPort, id: string, enabled: boolean, reason: string): Promise<void> => {
  await api.request({ method: 'POST', path: `${unit(id)}/${enabled ? 'enable' : 'disable'}`, body: reason ? { reason } : {} });
};

export const saveFeatured = async (api: ApiPort, projectIds: z.infer<typeof featuredBody>['projectIds']): Promise<void> => {
  await api.request({ method: 'PUT', path: '/projects/featured', body: { projectIds } });
};

export const fetchRegions = async (api: ApiPort): Promise<Region[]> =>
  (await api.request<{ items: Region[] }>({ method: 'GET', path: '/reference/regions' })).data.items;

/** The real-estate companies a project may belong to (a company user gets only its own). */
export const fetchRealEstates = async (api: ApiPort): Promise<CompanyItem[]> =>
  (await api.request<{ items: CompanyItem[] }>({ method: 'GET', path: '/companies', query: { kind: 'real_estate' } })).data.items;
