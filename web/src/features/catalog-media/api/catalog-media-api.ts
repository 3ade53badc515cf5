import type { BackofficeProject, BulkImagesResult, ImportStatus } from '../../../../../contract/catalog-admin';
import type { ApiPort } from '../../../shared/api/port';

/** The catalogue's pictures, floor plans and bulk project upload (contract/catalog-admin.ts). */
export type ProjectImage = BackofficeProject['images'][number];
export type FloorPlan = BackofficeProject['floorPlans'][number];
export type UnitPlan = BackofficeProject['unitPlans'][number];
export type ProjectUnit = BackofficeProject['units'][number];
export type ImageCategory = ProjectImage['category'];
export type { BackofficeProject, ImportStatus };
export type Progress = (sent: number, total: number) => void;

const project = (id: string) => `/projects/${encodeURIComponent(id)}`;

export const fetchProject = async (api: ApiPort, id: string): Promise<BackofficeProject> =>
  (await api.request<BackofficeProject>({ method: 'GET', path: `/backoffice/projects/${encodeURIComponent(id)}` })).data;

export interface NewImage {
  readonly category: ImageCategory;
  readonly name: string;
  readonly primary: boolean;
  readonly unitId: string;
}

export const uploadImage = async (
  api: ApiPort,
  projectId: string,
  image: NewImage,
  file: File,
  onProgress: Progress,
  signal: AbortSignal,
): Promise<{ id: string; thumbUrl: string }> => {
  const form = new FormData();
  form.append('category', image.category);
  if (image.name.trim()) form.append('name', image.name.trim());
  if (image.primary) form.append('primary', 'true');
  if (image.unitId) form.append('unitId', image.unitId);
  form.append('file', file);
  return (await api.upload<{ id: string; thumbUrl: string }>({ path: `${project(projectId)}/images`, form, onProgress, signal })).data;
};

export type ImageChange = Partial<{ category: ImageCategory; name: string; primary: boolean; order: number }>;

/** Several pictures in one category at once (spec §9: JPG or PNG, 10 MB each); one damaged file refuses the batch. */
export const uploadImages = async (
  api: ApiPort,
  projectId: string,
  category: ImageCategory,
  files: readonly File[],
  onProgress: Progress,
  signal: AbortSignal,
): Promise<BulkImagesResult['items']> => {
  const form = new FormData();
  form.append('category', category);
  for (const file of files) form.append('file', file, file.name);
  return (await api.upload<BulkImagesResult>({ path: `${project(projectId)}/images/bulk`, form, onProgress, signal })).data.items;
};

export const updateImage = async (api: ApiPort, projectId: string, imageId: string, change: ImageChange): Promise<void> => {
  await api.request({ method: 'PATCH', path: `${project(projectId)}/images/${encodeURIComponent(imageId)}`, body: change });
};
export const deleteImage = async (api: ApiPort, projectId: string, imageId: string): Promise<void> => {
  await api.request({ method: 'DELETE', path: `${project(projectId)}/images/${encodeURIComponent(imageId)}` });
};

export interface PlanTarget {
  readonly typology: string;
  readonly model: string;
  /** Empty: a template for the typology and model; else these units' own plan. */
  readonly unitIds: readonly string[];
  readonly name?: string;
}

export const uploadFloorPlan = async (
  api: ApiPort,
  projectId: string,
  target: PlanTarget,
  file: File,
  onProgress: Progress,
  signal: AbortSignal,
): Promise<void> => {
  const form = new FormData();
  form.append('typology', target.typology);
  form.append('model', target.model);
  for (const unitId of target.unitIds) form.append('unitId', unitId);
  if (target.name?.trim()) form.append('name', target.name.trim());
  form.append('file', file);
  await api.upload({ path: `${project(projectId)}/floor-plans`, form, onProgress, signal });
};
export const deleteFloorPlan = async (api: ApiPort, projectId: string, planId: string): Promise<void> => {
  await api.request({ method: 'DELETE', path: `${project(projectId)}/floor-plans/${encodeURIComponent(planId)}` });
};
export const deleteUnitPlan = async (api: ApiPort, projectId: string, unitId: string): Promise<void> => {
  await api.request({ method: 'DELETE', path: `${project(projectId)}/unit-floor-plans/${encodeURIComponent(unitId)}` });
};

export const importTemplateUrl = (format: 'csv' | 'xlsx') => `/api/v1/project-imports/template?format=${format}`;
export const startProjectImport = async (api: ApiPort, file: File, onProgress: Progress, signal: AbortSignal): Promise<string> => {
  const form = new FormData();
  form.append('file', file);
  return (await api.upload<{ id: string }>({ path: '/project-imports', form, onProgress, signal })).data.id;
};
export const fetchProjectImport = async (api: ApiPort, id: string): Promise<ImportStatus> =>
  (await api.request<ImportStatus>({ method: 'GET', path: `/project-imports/${encodeURIComponent(id)}` })).data;
export const cancelProjectImport = async (api: ApiPort, id: string): Promise<void> => {
  await api.request({ method: 'POST', path: `/project-imports/${encodeURIComponent(id)}/cancel` });
};

/** A row of GET /project-imports (the latest uploads, newest first): the status's counts, rejected rows counted. */
export type ImportHistoryRow = Pick<
  ImportStatus,
  'id' | 'status' | 'fileName' | 'total' | 'processed' | 'created' | 'projectsCreated' | 'startedAt' | 'finishedAt'
> & { rejectedRows: number };
export const fetchProjectImports = async (api: ApiPort): Promise<ImportHistoryRow[]> =>
  (await api.request<{ items: ImportHistoryRow[] }>({ method: 'GET', path: '/project-imports' })).data.items;
