import type { Region } from '../../../../../contract/catalog';
import type { RegistrationApplicationInput, RegistrationItem } from '../../../../../contract/company-registrations';
import type { ApiPort } from '../../../shared/api/port';

export type { Region };

export const fetchRegions = async (api: ApiPort): Promise<Region[]> =>
  (await api.request<{ items: Region[] }>({ method: 'GET', path: '/reference/regions' })).data.items;

export const startRegistration = async (api: ApiPort, application: RegistrationApplicationInput): Promise<string> =>
  (await api.request<{ id: string }>({ method: 'POST', path: '/company-registrations', body: application })).data.id;

export const uploadRegistrationDocument = async (
  api: ApiPort,
  id: string,
  kind: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<string> => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return (await api.upload<{ documentId: string }>({ path: `/company-registrations/${encodeURIComponent(id)}/documents`, form, onProgress, signal })).data
    .documentId;
};

export const submitRegistration = async (api: ApiPort, id: string, acceptances: RegistrationApplicationInput['acceptances']): Promise<void> => {
  await api.request({ method: 'POST', path: `/company-registrations/${encodeURIComponent(id)}/submit`, body: { acceptances } });
};

export const fetchRegistrations = async (api: ApiPort, status: string): Promise<RegistrationItem[]> =>
  (await api.request<{ items: RegistrationItem[] }>({ method: 'GET', path: '/company-registrations', query: { status: status || undefined } })).data.items;

export const decideRegistration = async (api: ApiPort, id: string, decision: 'approve' | 'reject', reason?: string): Promise<void> => {
  await api.request({ method: 'POST', path: `/company-registrations/${encodeURIComponent(id)}/${decision}`, body: decision === 'reject' ? { reason } : {} });
};
