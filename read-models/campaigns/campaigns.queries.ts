export { listCampaigns } from './campaigns.projection';
