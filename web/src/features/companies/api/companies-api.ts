import type { CompanyItem } from '../../../../../contract/campaigns';
import type {
  ChangeCollaborator,
  CollaboratorRow,
  CompanyDetail,
  CompanyProfileChange,
  CreateCollaborator,
  CreateCompany,
  ImportResult,
  TeamInvitationBody,
  TeamMember,
} from '../../../../../contract/companies';
import type { ApiPort } from '../../../shared/api/port';

const company = (id: string) => `/companies/${encodeURIComponent(id)}`;

export const fetchCompanies = async (api: ApiPort, kind: string): Promise<CompanyItem[]> =>
  (await api.request<{ items: CompanyItem[] }>({ method: 'GET', path: '/companies', query: { kind: kind || undefined } })).data.items;
export const fetchCompany = async (api: ApiPort, id: string): Promise<CompanyDetail> =>
  (await api.request<CompanyDetail>({ method: 'GET', path: company(id) })).data;
export const updateCompany = async (api: ApiPort, id: string, revision: number, body: CompanyProfileChange): Promise<CompanyDetail> =>
  (await api.request<CompanyDetail>({ method: 'PATCH', path: company(id), body, headers: { 'If-Match': `W/"${revision}"` } })).data;
export const fetchCollaborators = async (api: ApiPort, id: string, search: string): Promise<CollaboratorRow[]> =>
  (await api.request<{ items: CollaboratorRow[] }>({ method: 'GET', path: `${company(id)}/collaborators`, query: { search: search || undefined } })).data.items;
export const addCollaborator = async (api: ApiPort, id: string, body: CreateCollaborator): Promise<void> => {
  await api.request({ method: 'POST', path: `${company(id)}/collaborators`, body });
};
export const changeCollaborator = async (api: ApiPort, collaborator: CollaboratorRow, body: ChangeCollaborator): Promise<void> => {
  await api.request({
    method: 'PATCH',
    path: `/collaborators/${encodeURIComponent(collaborator.id)}`,
    body,
    headers: { 'If-Match': `W/"${collaborator.revision}"` },
  });
};
export const deactivateCollaborator = async (api: ApiPort, id: string, reason: string): Promise<void> => {
  await api.request({ method: 'POST', path: `/collaborators/${encodeURIComponent(id)}/deactivate`, body: { reason } });
};
export const importCollaborators = async (
  api: ApiPort,
  id: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<ImportResult> => {
  const form = new FormData();
  form.append('file', file);
  const started = (await api.upload<{ id: string }>({ path: `${company(id)}/collaborators/import`, form, onProgress, signal })).data;
  return importFinished(api, id, started.id, signal);
};

/** The import runs on the server after the upload: its status is read every second until it is done. */
const importFinished = async (api: ApiPort, id: string, importId: string, signal: AbortSignal): Promise<ImportResult> => {
  for (;;) {
    const status = (await api.request<ImportResult>({ method: 'GET', path: `${company(id)}/collaborators/imports/${encodeURIComponent(importId)}` })).data;
    if (status.status !== 'processing' || signal.aborted) return status;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
};
export const templateUrl = (id: string, format: 'csv' | 'xlsx') => `/api/v1${company(id)}/collaborators/import-template?format=${format}`;
export const createCompany = async (api: ApiPort, body: CreateCompany): Promise<string> =>
  (await api.request<{ id: string }>({ method: 'POST', path: '/companies', body })).data.id;

export const fetchTeam = async (api: ApiPort, id: string): Promise<TeamMember[]> =>
  (await api.request<{ items: TeamMember[] }>({ method: 'GET', path: `${company(id)}/members` })).data.items;
export const inviteToTeam = async (api: ApiPort, id: string, body: TeamInvitationBody): Promise<void> => {
  await api.request({ method: 'POST', path: `${company(id)}/members`, body });
};
export const removeFromTeam = async (api: ApiPort, id: string, userId: string): Promise<void> => {
  await api.request({ method: 'DELETE', path: `${company(id)}/members/${encodeURIComponent(userId)}` });
};
