import { token } from '../../kernel/ports/token';
import type { HoldExpiry } from './hold-expiry';
import type { ReservationProcess } from './reservation-process';
import type { ReservationReceipts } from './reservation-receipts';
import type { ReservationService } from './reservation-service';
import type { ReservationTerms } from './reservation-terms';
import type { ReservationDesk } from './reservation-desk';

/** The reservations module's DI tokens (bound in adapters/composition/reservations.bindings.ts). */
export const RESERVATIONS = {
  Reservations: token<ReservationService>('ReservationService'),
  Process: token<ReservationProcess>('ReservationProcess'),
  Receipts: token<ReservationReceipts>('ReservationReceipts'),
  HoldExpiry: token<HoldExpiry>('HoldExpiry'),
  Terms: token<ReservationTerms>('ReservationTerms'),
  Desk: token<ReservationDesk>('ReservationDesk'),
} as const;
