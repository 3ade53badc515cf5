import { token } from '../../kernel/ports/token';
import type { MailTemplatesService } from './mail-templates-service';

/** The mail module's DI tokens (bound in adapters/composition/accounts.bindings.ts beside the outbox). */
export const MAIL = {
  Templates: token<MailTemplatesService>('MailTemplatesService'),
} as const;
