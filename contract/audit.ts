import { z } from 'zod';
import { RESERVATION_STATUSES, PAYMENT_OUTCOMES } from '../domain/reservations/reservation';
import { idParam, calendarDate, pageQuery } from './common';

/** The entities whose history (Historial) the API answers: GET /history/{entity}/{id}. */
export const HISTORY_ENTITIES = ['project', 'unit', 'reservation', 'campaign', 'lead', 'user', 'company'] as const;
export type HistoryEntityName = (typeof HISTORY_ENTITIES)[number];

/** Who did it: a person (name, or "titular suprimido" once erased); null only for the system. */
const historyActor = z.object({ id: z.string(), name: z.string() }).nullable();
export type HistoryActorView = z.infer<typeof historyActor>;

export const historyChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type HistoryChangeView = z.infer<typeof historyChange>;

/** GET /history/{entity}/{id}: the entity's events, newest first, each with its Spanish label. */
export const historyResponse = z.object({
  items: z.array(
    z.object({
      at: z.string(),
      /** Spanish label of the event. */
      event: z.string(),
      /** The event's type as stored (ReservationConfirmed...). */
      type: z.string(),
      actor: historyActor,
      reason: z.string().nullable(),
      changes: z.array(historyChange),
    }),
  ),
});
export type HistoryResponse = z.infer<typeof historyResponse>;
export type HistoryItemView = HistoryResponse['items'][number];

// ---- payments ledger ----

export const LEDGER_OUTCOMES = [
  'started',
  'approved',
  'rejected',
  'aborted',
  'timeout',
  'error',
  'confirmed',
  'expired',
  'cancelled',
  'refund_due',
  'refunded',
] as const;
export type LedgerOutcomeName = (typeof LEDGER_OUTCOMES)[number];

const dateBound = z.union([calendarDate, z.iso.datetime({ offset: true })]);

export const paymentsLedgerQuery = z.strictObject({
  reservationId: idParam.optional(),
  /** Buyer's name, email or id. */
  buyer: z.string().trim().max(100).optional(),
  /** Project id or part of its name. */
  project: z.string().trim().max(100).optional(),
  from: dateBound.optional(),
  to: dateBound.optional(),
  outcome: z.enum(LEDGER_OUTCOMES).optional(),
  ...pageQuery,
});
export type PaymentsLedgerQuery = z.infer<typeof paymentsLedgerQuery>;

export const ledgerRow = z.object({
  id: z.string(),
  reservationId: z.string(),
  at: z.string(),
  /** Spanish label of the step. */
  event: z.string(),
  outcome: z.enum(LEDGER_OUTCOMES),
  amountCLP: z.number(),
  gateway: z.string().nullable(),
  gatewayReference: z.string().nullable(),
  gatewayCode: z.string().nullable(),
  actor: historyActor,
  projectId: z.string(),
  projectName: z.string(),
  buyerName: z.string().nullable(),
});
export type LedgerRowView = z.infer<typeof ledgerRow>;

export const paymentsLedgerResponse = z.object({ items: z.array(ledgerRow), total: z.number().int(), page: z.number().int(), perPage: z.number().int() });

/** POST /reservations/{id}/refund: staff refunded outside the gateway's automatic reversal. */
export const refundBody = z.strictObject({
  gatewayReference: z.string().trim().min(3).max(100),
  reason: z.string().trim().min(3).max(500),
});
export const refundRecordedResponse = z.object({ reservationId: z.string(), refunded: z.literal(true) });

// ---- staff's actions on a reservation (back office) ----

const staffReason = z.string().trim().min(3).max(500);
/** POST /backoffice/reservations/{id}/cancel. */
export const staffCancelBody = z.strictObject({ reason: staffReason });
export const staffCancelledResponse = z.object({ reservationId: z.string(), status: z.enum(RESERVATION_STATUSES) });
/** POST /backoffice/reservations/{id}/extend-hold: minutes added to the hold (from its end, or from now once it is past). */
export const extendHoldBody = z.strictObject({ minutes: z.number().int().min(5).max(2880), reason: staffReason });
export const holdExtendedResponse = z.object({ reservationId: z.string(), holdExpiresAt: z.string().nullable() });
/** POST /backoffice/reservations/{id}/refund: the payment reversed through the gateway. */
export const staffRefundBody = z.strictObject({ reason: staffReason });

export { STAFF_CANCELLABLE_STATUSES, EXTENDABLE_HOLD_STATUSES } from '../domain/reservations/reservation';

// ---- back-office commercial lists ----

export const backofficeReservationsQuery = z.strictObject({
  status: z.enum(RESERVATION_STATUSES).optional(),
  project: z.string().trim().max(100).optional(),
  buyer: z.string().trim().max(100).optional(),
  from: dateBound.optional(),
  to: dateBound.optional(),
  /** Holds that expire on or before / after this instant or day. */
  holdExpiresFrom: dateBound.optional(),
  holdExpiresTo: dateBound.optional(),
  payment: z.enum([...PAYMENT_OUTCOMES, 'none', 'refund_due', 'refunded']).optional(),
  sort: z.enum(['requestedAt', '-requestedAt', 'holdExpiresAt', '-holdExpiresAt', 'amountCLP', '-amountCLP']).default('-requestedAt'),
  ...pageQuery,
});

export const backofficeReservation = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  unitId: z.string(),
  unitNumber: z.string(),
  buyerId: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  amountCLP: z.number(),
  status: z.enum(RESERVATION_STATUSES),
  paymentOutcome: z.enum(PAYMENT_OUTCOMES).nullable(),
  refunded: z.boolean(),
  refundDue: z.boolean(),
  requestedAt: z.string(),
  holdExpiresAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type BackofficeReservationView = z.infer<typeof backofficeReservation>;
export const backofficeReservationsResponse = z.object({
  items: z.array(backofficeReservation),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

export const QUOTE_LIST_STATUSES = ['valid', 'expired'] as const;
export const backofficeQuotesQuery = z.strictObject({
  status: z.enum(QUOTE_LIST_STATUSES).optional(),
  project: z.string().trim().max(100).optional(),
  buyer: z.string().trim().max(100).optional(),
  from: dateBound.optional(),
  to: dateBound.optional(),
  sort: z.enum(['createdAt', '-createdAt', 'priceUF', '-priceUF']).default('-createdAt'),
  ...pageQuery,
});
export const backofficeQuote = z.object({
  id: z.string(),
  number: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  unitNumber: z.string(),
  buyerId: z.string(),
  buyerName: z.string().nullable(),
  priceUF: z.number(),
  priceCLP: z.number(),
  createdAt: z.string(),
  validUntil: z.string(),
  status: z.enum(QUOTE_LIST_STATUSES),
  downloads: z.number(),
});
export type BackofficeQuoteView = z.infer<typeof backofficeQuote>;
export const backofficeQuotesResponse = z.object({
  items: z.array(backofficeQuote),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
