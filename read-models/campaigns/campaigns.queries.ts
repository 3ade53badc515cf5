export { CAMPAIGNS, listCampaigns, getCampaign } from './campaigns.projection';
