import { endpoint } from '../endpoint';
import {
  campaignDetail,
  campaignMoveBody,
  changeCampaignBody,
  companiesQuery,
  companiesResponse,
  createCampaignBody,
  enrolledResponse,
  enrolmentBody,
  publicCampaign,
} from '../campaigns';
import { createdResponse, revisionResponse } from '../common';

/** The endpoints served by adapters/http/routes/campaigns.routes.ts. */
export const campaignsEndpoints = {
  getCompanies: endpoint({ method: 'get', path: '/companies', query: companiesQuery, response: companiesResponse }),
  getCampaignsByIdPublic: endpoint({ method: 'get', path: '/campaigns/:id/public', response: publicCampaign }),
  getCampaignsById: endpoint({ method: 'get', path: '/campaigns/:id', response: campaignDetail }),
  postCampaigns: endpoint({ method: 'post', path: '/campaigns', body: createCampaignBody, response: createdResponse }),
  patchCampaignsById: endpoint({ method: 'patch', path: '/campaigns/:id', body: changeCampaignBody, response: revisionResponse }),
  postCampaignsByIdLaunch: endpoint({ method: 'post', path: '/campaigns/:id/launch', body: campaignMoveBody, response: revisionResponse }),
  postCampaignsByIdPause: endpoint({ method: 'post', path: '/campaigns/:id/pause', body: campaignMoveBody, response: revisionResponse }),
  postCampaignsByIdResume: endpoint({ method: 'post', path: '/campaigns/:id/resume', body: campaignMoveBody, response: revisionResponse }),
  postCampaignsByIdEnd: endpoint({ method: 'post', path: '/campaigns/:id/end', body: campaignMoveBody, response: revisionResponse }),
  postCampaignsByIdEliminate: endpoint({ method: 'post', path: '/campaigns/:id/eliminate', body: campaignMoveBody, response: revisionResponse }),
  postCampaignsByIdEnrolments: endpoint({ method: 'post', path: '/campaigns/:id/enrolments', body: enrolmentBody, response: enrolledResponse }),
};

/** Each of a campaign's moves (CAMPAIGN_MOVES) is its own endpoint. */
export const campaignMoveEndpoints = {
  launch: campaignsEndpoints.postCampaignsByIdLaunch,
  pause: campaignsEndpoints.postCampaignsByIdPause,
  resume: campaignsEndpoints.postCampaignsByIdResume,
  end: campaignsEndpoints.postCampaignsByIdEnd,
  eliminate: campaignsEndpoints.postCampaignsByIdEliminate,
} as const;
