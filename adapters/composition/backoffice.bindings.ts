import { AUDIT } from '../../application/audit/audit.tokens';
import { EntityHistory } from '../../application/audit/entity-history';
import { PaymentsAudit } from '../../application/audit/payments-audit';
import { CampaignService } from '../../application/campaigns/campaign-service';
import { CAMPAIGNS } from '../../application/campaigns/campaigns.tokens';
import { CONTENT } from '../../application/content/content.tokens';
import { SiteContentService } from '../../application/content/site-content-service';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ModuleBindings } from './module-bindings';

/** The back office's smaller modules: the site's content, partner companies' campaigns, the auditors' histories. */
export const backofficeBindings: ModuleBindings = {
  name: 'backoffice',
  bind(bind) {
    bind(CONTENT.SiteContent)
      .toDynamicValue((ctx) => new SiteContentService(resolve(ctx, TOKENS.EventStore)))
      .inSingletonScope();
    bind(CAMPAIGNS.Campaigns)
      .toDynamicValue((ctx) => new CampaignService(resolve(ctx, TOKENS.EventStore), resolve(ctx, TOKENS.ReadStore), resolve(ctx, TOKENS.IdGenerator)))
      .inSingletonScope();
    bind(AUDIT.History)
      .toDynamicValue((ctx) => new EntityHistory(resolve(ctx, TOKENS.EventStore), resolve(ctx, TOKENS.ReadStore)))
      .inSingletonScope();
    bind(AUDIT.Payments)
      .toDynamicValue((ctx) => new PaymentsAudit(resolve(ctx, TOKENS.EventStore), resolve(ctx, TOKENS.ReadStore), resolve(ctx, AUDIT.History)))
      .inSingletonScope();
  },
};
