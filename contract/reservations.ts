import { z } from 'zod';
import { PAYMENT_OUTCOMES, RESERVATION_STATUSES } from '../domain/reservations/reservation';
import { PAYMENT_FAILURES } from './reservation-values';
import { idParam } from './common';

export const reserveBody = z.strictObject({ unitId: idParam });

/** GET /reservations/terms: what the buyer confirms before paying, for the unit and the pricing chosen on the page. */
export const reservationTermsQuery = z.strictObject({ unitId: idParam, pricing: z.enum(['normal', 'bonus']).optional() });
export const reservationTermsResponse = z.object({
  unitId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  unitNumber: z.string(),
  pricing: z.enum(['normal', 'bonus']),
  priceUF: z.number(),
  priceCLP: z.number(),
  uf: z.object({ value: z.number(), date: z.string() }),
  /** Charged now, at Webpay (whole CLP). */
  amountCLP: z.number(),
  /** The unit stays held this long while the buyer pays. */
  holdMinutes: z.number().int(),
  reservationToDownPayment: z.boolean(),
});
export type ReservationTerms = z.infer<typeof reservationTermsResponse>;

/** What Webpay sends back: token_ws, or TBK_TOKEN with order and session (aborted), or only order and session (timeout). */
export const gatewayReturn = z.strictObject({
  token_ws: z.string().min(1).max(100).optional(),
  TBK_TOKEN: z.string().min(1).max(100).optional(),
  TBK_ORDEN_COMPRA: z.string().min(1).max(26).optional(),
  TBK_ID_SESION: z.string().min(1).max(61).optional(),
});

export const sandboxPayBody = z.strictObject({ token_ws: z.string().min(1).max(100) });
export const sandboxDecideBody = z.strictObject({ token_ws: z.string().min(1).max(100), decision: z.enum(['approve', 'reject', 'abort']) });

// ---- answers ----

export { RESERVATION_STATUSES, RESERVATION_STATUS_LABELS, OPEN_RESERVATION_STATUSES, type ReservationStatus, type PaymentFailure } from './reservation-values';

const reservationStatus = z.enum(RESERVATION_STATUSES);

const gatewayPayment = z.object({ gateway: z.string(), url: z.string(), token: z.string() });

/** POST /reservations (201). */
export const reservationStartedResponse = z.object({
  reservationId: z.string(),
  status: reservationStatus,
  holdExpiresAt: z.string().nullable(),
  amountCLP: z.number(),
  payment: gatewayPayment,
});

/** GET /reservations/:id: one reservation with its payment trail. */
export const reservationResponse = z.object({
  id: z.string(),
  unitId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  unitNumber: z.string(),
  amountCLP: z.number(),
  status: reservationStatus,
  requestedAt: z.string(),
  updatedAt: z.string(),
  holdExpiresAt: z.string().nullable(),
  confirmedAt: z.string().optional(),
  /** Why the unit could not be held (an error code of the catalogue). */
  rejection: z.string().nullable().optional(),
  paymentOutcome: z.enum(PAYMENT_OUTCOMES).nullable(),
  refunded: z.boolean(),
  refundDue: z.boolean(),
  payment: gatewayPayment
    .extend({
      buyOrder: z.string().optional(),
      failure: z.enum(PAYMENT_FAILURES).nullable().optional(),
      cardLast4: z.string().nullable().optional(),
      authorizationCode: z.string().nullable().optional(),
      transactionDate: z.string().nullable().optional(),
    })
    .nullable(),
});

/** GET /reservations/mine, newest first. */
export const myReservationsResponse = z.object({ items: z.array(reservationResponse), total: z.number().int() });

/** POST /reservations/:id/cancel. */
export const reservationCancelledResponse = z.object({ reservationId: z.string(), status: reservationStatus });

export type ReservationStarted = z.infer<typeof reservationStartedResponse>;
export type Reservation = z.infer<typeof reservationResponse>;
export type ReservationCancelled = z.infer<typeof reservationCancelledResponse>;
