import { LEADS } from '../../application/leads/leads.tokens';
import { LeadService } from '../../application/leads/lead-service';
import { LeadIds } from '../../application/personal-data/lead-ids';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ModuleBindings } from './module-bindings';

/** Leads: every buyer's contact, quote and reservation recorded on one lead. */
export const leadsBindings: ModuleBindings = {
  name: 'leads',
  bind(bind, config, log) {
    bind(LEADS.Leads)
      .toDynamicValue(
        (ctx) => new LeadService(resolve(ctx, TOKENS.EventStore), resolve(ctx, TOKENS.ReadStore), LeadIds.fromPlatformSecret(config.secretKey), log),
      )
      .inSingletonScope();
  },
};
