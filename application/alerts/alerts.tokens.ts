import { token } from '../../kernel/ports/token';
import type { AvailabilityAlertService } from './availability-alert-service';

/** The availability alerts module's DI tokens (bound in adapters/composition/alerts.bindings.ts). */
export const ALERTS = {
  Alerts: token<AvailabilityAlertService>('AvailabilityAlertService'),
} as const;
