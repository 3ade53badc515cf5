import type { CampaignDetail, CampaignItem, CampaignMove, ChangeCampaign, CompanyItem, CreateCampaign } from '../../../../../contract/campaigns';
import type { ApiPort } from '../../../shared/api/port';

export const fetchCampaigns = async (api: ApiPort): Promise<CampaignItem[]> =>
  (await api.request<{ items: CampaignItem[] }>({ method: 'GET', path: '/campaigns' })).data.items;

export const fetchCampaign = async (api: ApiPort, id: string): Promise<CampaignDetail> =>
  (await api.request<CampaignDetail>({ method: 'GET', path: `/campaigns/${encodeURIComponent(id)}` })).data;

export const fetchEmployers = async (api: ApiPort): Promise<CompanyItem[]> =>
  (await api.request<{ items: CompanyItem[] }>({ method: 'GET', path: '/companies', query: { kind: 'employer' } })).data.items;

export const createCampaign = async (api: ApiPort, body: CreateCampaign): Promise<string> =>
  (await api.request<{ id: string }>({ method: 'POST', path: '/campaigns', body })).data.id;

export const changeCampaign = async (api: ApiPort, id: string, revision: number, body: ChangeCampaign): Promise<void> => {
  await api.request({ method: 'PATCH', path: `/campaigns/${encodeURIComponent(id)}`, body, headers: { 'If-Match': `W/"${revision}"` } });
};

export const moveCampaign = async (api: ApiPort, id: string, move: CampaignMove, reason?: string): Promise<void> => {
  await api.request({ method: 'POST', path: `/campaigns/${encodeURIComponent(id)}/${move}`, body: reason ? { reason } : {} });
};

export const enrolByRut = async (api: ApiPort, id: string, rut: string): Promise<void> => {
  await api.request({ method: 'POST', path: `/campaigns/${encodeURIComponent(id)}/enrolments`, body: { rut } });
};
