import { token } from '../../kernel/ports/token';
import type { SandboxSmsSender } from '../sms/sandbox-sms-sender';
import type { WebPushSender } from '../push/web-push-sender';
import type { LimiterStore } from '../http/security/limiter-store';
import type { Resolve } from '../net/outbound-address';
import type { DefaultRelay, MailDelivery } from './mail-delivery';
import type { Readiness } from './readiness';
import type { ProjectionDashboard } from '../../kernel/projections/projection-status';

/** The process's own adapters, beside the ports' (kernel/ports/tokens.ts): bound in platform.bindings.ts. */
export const PLATFORM = {
  /** Where mail goes until the back office changes it: the environment's relay or the built-in capture. */
  Relay: token<DefaultRelay>('DefaultRelay'),
  /** The outbox's delivery side: settings in force, SMTP transport, worker, administration. */
  Mail: token<MailDelivery>('MailDelivery'),
  /** Web Push (VAPID keys kept under the data directory). */
  Push: token<WebPushSender>('WebPushSender'),
  /** Text messages, through the local sandbox. */
  Sms: token<SandboxSmsSender>('SandboxSmsSender'),
  /** Name resolution for the connections opened on someone's say-so (push endpoints). */
  Resolve: token<Resolve>('Resolve'),
  /** Throttle counters (memory embedded, MongoDB distributed). */
  Limiters: token<LimiterStore>('LimiterStore'),
  /** Ready once the read models caught up with the event store as it was at start. */
  Readiness: token<Readiness>('Readiness'),
  /** The read models' versions, rebuilds and lag (the migration dashboard). */
  Projections: token<ProjectionDashboard>('ProjectionDashboard'),
} as const;
