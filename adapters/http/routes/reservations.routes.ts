import type { Response } from 'express';
import type { GatewayReturn } from '../../../application/reservations/reservation-service';
import { isDomainError } from '../../../domain/shared/errors';
import { getReservation, listMyReservations } from '../../../read-models/reservations/reservations.queries';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef } from '../route';
import { reservationsEndpoints } from '../../../contract/endpoints/reservations';
import { buyer, eventPosition, pathId, sendPdf } from './route-helpers';

/** The web's payment result page (spec §2): confirmed, or failed with "try again". */
const PAYMENT_RESULT_PATH = '/payment/result';

/**
 * Reservations: reserve a unit (one buyer per unit, decided on the unit's stream), mine, cancel, receipt,
 * and the payment gateway's return (GET or form POST, as Webpay does), which ends on the result page.
 */
export const reservationsRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const paymentReturn = async (
    reservationIdParam: Record<string, string>,
    back: GatewayReturn,
    res: Response,
    meta: Parameters<RouteDef['handler']>[0]['meta'],
  ) => {
    const reservationId = pathId(reservationIdParam);
    const query = new URLSearchParams({ reservationId });
    try {
      const result = await deps.reservations.completePayment(reservationId, back, meta);
      eventPosition(res, result.position);
      query.set('status', result.outcome);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      query.set('status', 'failed');
      query.set('code', error.code);
    }
    res.redirect(303, `${PAYMENT_RESULT_PATH}?${query.toString()}`);
  };

  return [
    route(reservationsEndpoints.getReservationsTerms, {
      summary:
        'What the buyer confirms before paying: the unit, its price in UF and CLP (UF of the day), the amount charged now, the hold time and whether the amount counts toward the down payment',
      tag: 'reservations',
      access: 'reservations:create',
      responses: { 404: 'NOT_FOUND', 409: 'UNIT_ALREADY_RESERVED / PROPERTY_NOT_AVAILABLE' },
      handler: async ({ query, meta }) => deps.reservationTerms.of(query.unitId, query.pricing ?? 'normal', meta.now),
    }),
    route(reservationsEndpoints.postReservations, {
      summary: "Reserve a unit: holds it (only one hold can win) and starts the payment; answers the gateway's { url, token }",
      tag: 'reservations',
      access: 'reservations:create',
      responses: {
        201: '{ reservationId, status, holdExpiresAt, amountCLP, payment: { gateway, url, token } }',
        404: 'NOT_FOUND',
        409: "UNIT_ALREADY_RESERVED ('Esta unidad ya fue reservada por otro cliente.') / PROPERTY_NOT_AVAILABLE",
        402: 'PAYMENT_FAILED (the gateway could not open the transaction)',
      },
      handler: async ({ body, auth, res, meta }) => {
        const started = await deps.reservations.reserve(buyer(auth), body.unitId, meta);
        const { position, ...answer } = started;
        eventPosition(res, position);
        res.status(201);
        return answer;
      },
    }),
    route(reservationsEndpoints.getReservationsMine, {
      summary: 'My reservations with their status and payment trail, newest first',
      tag: 'reservations',
      access: 'reservations:create',
      handler: async ({ auth }) => listMyReservations(deps.readStore, buyer(auth).userId),
    }),
    route(reservationsEndpoints.getReservationsById, {
      summary: 'One of my reservations',
      tag: 'reservations',
      access: 'reservations:create',
      handler: async ({ params, auth }) => {
        const reservation = await getReservation(deps.readStore, pathId(params));
        if (!reservation || reservation.buyerId !== buyer(auth).userId) throw new ApiError('NOT_FOUND');
        return reservation;
      },
    }),
    route(reservationsEndpoints.postReservationsByIdCancel, {
      summary: 'Cancel my unpaid reservation: the unit is released at once',
      tag: 'reservations',
      access: 'reservations:create',
      handler: async ({ params, auth, res, meta }) => {
        const result = await deps.reservations.cancel(buyer(auth), pathId(params), meta);
        eventPosition(res, result.position);
        return { reservationId: result.reservationId, status: result.status };
      },
    }),
    route(reservationsEndpoints.getReservationsByIdReceipt, {
      summary: 'Receipt of a confirmed reservation (PDF)',
      tag: 'reservations',
      access: 'reservations:create',
      produces: 'application/pdf',
      responses: { 200: 'application/pdf' },
      handler: async ({ params, auth, res }) => {
        const id = pathId(params);
        sendPdf(res, `reserva-${id}.pdf`, await deps.receipts.pdf(id, buyer(auth)));
      },
    }),
    route(reservationsEndpoints.getReservationsByIdPaymentReturn, {
      summary: "The gateway's return URL (token_ws, or TBK_TOKEN/TBK_ORDEN_COMPRA/TBK_ID_SESION): commits once, then 303 to /payment/result",
      tag: 'payments',
      access: 'public',
      produces: 'redirect',
      responses: { 303: 'Redirect to /payment/result?reservationId=&status=confirmed|failed|cancelled (the buyer voided the purchase at the gateway)' },
      handler: async ({ params, query, res, meta }) => paymentReturn(params, query, res, meta),
    }),
    route(reservationsEndpoints.postReservationsByIdPaymentReturn, {
      summary: "The gateway's return as a form POST (same as the GET)",
      tag: 'payments',
      access: 'public',
      produces: 'redirect',
      // The gateway's page posts here from its own origin: the token it carries is the credential.
      csrfExempt: true,
      responses: { 303: 'Redirect to /payment/result?reservationId=&status=confirmed|failed|cancelled (the buyer voided the purchase at the gateway)' },
      handler: async ({ params, body, res, meta }) => paymentReturn(params, body, res, meta),
    }),
  ];
};
