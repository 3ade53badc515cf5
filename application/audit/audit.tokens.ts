import { token } from '../../kernel/ports/token';
import type { EntityHistory } from './entity-history';
import type { PaymentsAudit } from './payments-audit';

/** The audit module's DI tokens (bound in adapters/composition/backoffice.bindings.ts). */
export const AUDIT = {
  History: token<EntityHistory>('EntityHistory'),
  Payments: token<PaymentsAudit>('PaymentsAudit'),
} as const;
