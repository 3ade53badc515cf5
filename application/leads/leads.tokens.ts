import { token } from '../../kernel/ports/token';
import type { LeadService } from './lead-service';

/** The leads module's DI tokens (bound in adapters/composition/leads.bindings.ts). */
export const LEADS = {
  Leads: token<LeadService>('LeadService'),
} as const;
