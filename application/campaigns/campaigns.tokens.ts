import { token } from '../../kernel/ports/token';
import type { CampaignService } from './campaign-service';

/** The campaigns module's DI tokens (bound in adapters/composition/backoffice.bindings.ts). */
export const CAMPAIGNS = {
  Campaigns: token<CampaignService>('CampaignService'),
} as const;
