import type { CampaignDetail, CampaignItem, CampaignMove, ChangeCampaign, CompanyItem, CreateCampaign } from '../../../../../contract/campaigns';
import { adminEndpoints } from '../../../../../contract/endpoints/admin';
import { campaignMoveEndpoints, campaignsEndpoints } from '../../../../../contract/endpoints/campaigns';
import { callEndpoint } from '../../../shared/api/endpoints';
import type { ApiPort } from '../../../shared/api/port';
import { platformApi, read } from '../../../shared/api/platform-api';

export const fetchCampaigns = async (api: ApiPort): Promise<CampaignItem[]> => (await callEndpoint(api, adminEndpoints.getCampaigns, {})).data.items;

export const fetchCampaign = async (api: ApiPort, id: string): Promise<CampaignDetail> =>
  (await callEndpoint(api, campaignsEndpoints.getCampaignsById, { params: { id } })).data;

export const fetchEmployers = async (api: ApiPort): Promise<CompanyItem[]> =>
  (await callEndpoint(api, campaignsEndpoints.getCompanies, { query: { kind: 'employer' } })).data.items;

export const createCampaign = async (api: ApiPort, body: CreateCampaign): Promise<string> =>
  (await callEndpoint(api, campaignsEndpoints.postCampaigns, { body })).data.id;

export const changeCampaign = async (api: ApiPort, id: string, revision: number, body: ChangeCampaign): Promise<void> => {
  await callEndpoint(api, campaignsEndpoints.patchCampaignsById, { params: { id }, body }, { headers: { 'If-Match': `W/"${revision}"` } });
};

export const moveCampaign = async (api: ApiPort, id: string, move: CampaignMove, reason?: string): Promise<void> => {
  await callEndpoint(api, campaignMoveEndpoints[move], { params: { id }, body: reason ? { reason } : {} });
};

export const enrolByRut = async (api: ApiPort, id: string, rut: string): Promise<void> => {
  await callEndpoint(api, campaignsEndpoints.postCampaignsByIdEnrolments, { params: { id }, body: { rut } });
};

/** A campaign's public page (self-enrolment by RUT). */
export const campaignsApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    publicCampaign: read(build, campaignsEndpoints.getCampaignsByIdPublic),
  }),
});

export const { usePublicCampaignQuery } = campaignsApi;
