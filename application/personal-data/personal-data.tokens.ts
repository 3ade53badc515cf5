import { token } from '../../kernel/ports/token';
import type { DataRequestReminders } from './data-request-reminders';
import type { DataRequestService } from './data-request-service';
import type { LeadRetention } from './lead-retention';
import type { PrivacyPreferences } from './privacy-preferences';
import type { RegistrationRetention } from './registration-retention';

/** The personal-data module's DI tokens (bound in adapters/composition/personal-data.bindings.ts). */
export const PERSONAL_DATA = {
  DataRequests: token<DataRequestService>('DataRequestService'),
  LeadRetention: token<LeadRetention>('LeadRetention'),
  RegistrationRetention: token<RegistrationRetention>('RegistrationRetention'),
  DataRequestReminders: token<DataRequestReminders>('DataRequestReminders'),
  /** A person's objections to profiling and to marketing (Ley 21.719). */
  Preferences: token<PrivacyPreferences>('PrivacyPreferences'),
} as const;
