import { call, delay, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, toApiErrorBody } from '../../shared/api/errors';
import { toastRequested, unitTaken } from '../../shared/events';
import { getServices, type AppServices } from '../../shared/store/services';
import * as reservationsApi from './api/reservations-api';
import { FINAL_RESERVATION_STATUSES } from '../../../../contract/reservation-values';
import type { Reservation, ReservationStarted } from '../../../../contract/reservations';
import {
  paymentRedirectStarted,
  paymentResultFailed,
  paymentResultLoaded,
  paymentResultOpened,
  paymentResumed,
  reservationRefused,
  reserveRequested,
  unitHeld,
} from './slice';

/** Long enough to read "unit held", short enough not to eat into the hold. */
export const REDIRECT_PAUSE_MS = 1_200;
/** The result page waits for the read model to record the outcome the gateway's return just committed. */
export const RESULT_POLL_MS = 500;
export const RESULT_POLL_ATTEMPTS = 10;

export const PAYMENT_LINK_MISSING = 'No encontramos el pago pendiente de esta reserva. Actualice la lista e intente nuevamente.';

/** Codes that mean "someone else has this unit": the catalogue shows it taken. */
const TAKEN = new Set(['UNIT_ALREADY_RESERVED', 'PROPERTY_NOT_AVAILABLE']);

/**
 * The reservation flow (pessimistic, one at a time): ask for the unit; when the hold is ours, show it,
 * then leave for the gateway's page. A refusal (409 and the rest of the catalogue) stops with the
 * error object and its suggested actions.
 */
export function* reserve({ payload }: ReturnType<typeof reserveRequested>) {
  const { api, redirectToGateway }: AppServices = yield getServices();
  let started: ReservationStarted;
  try {
    started = yield call(reservationsApi.reserveUnit, api, payload.unitId);
  } catch (error) {
    const body = toApiErrorBody(error);
    yield put(reservationRefused(body));
    if (error instanceof ApiError && TAKEN.has(error.code)) yield put(unitTaken({ unitId: payload.unitId, projectId: payload.projectId }));
    return;
  }
  yield put(unitHeld(started));
  yield delay(REDIRECT_PAUSE_MS);
  yield put(paymentRedirectStarted({ reservationId: started.reservationId }));
  yield call(redirectToGateway, { url: started.payment.url, token: started.payment.token });
}

/** Back from the gateway: the outcome is in the URL; the reservation is read until it shows a final status. */
export function* loadPaymentResult({ payload }: ReturnType<typeof paymentResultOpened>) {
  const { api }: AppServices = yield getServices();
  for (let attempt = 1; attempt <= RESULT_POLL_ATTEMPTS; attempt++) {
    try {
      const reservation: Reservation = yield call(reservationsApi.fetchReservation, api, payload.reservationId);
      yield put(paymentResultLoaded(reservation));
      if (FINAL_RESERVATION_STATUSES.includes(reservation.status)) return;
    } catch (error) {
      yield put(paymentResultFailed({ reservationId: payload.reservationId, error: toApiErrorBody(error) }));
      return;
    }
    yield delay(RESULT_POLL_MS);
  }
}

/** "Continuar pago" in my reservations: back to the gateway with the hold's own transaction. */
export function* resumePayment({ payload: { payment } }: ReturnType<typeof paymentResumed>) {
  if (!payment?.url || !payment.token) {
    yield put(toastRequested({ kind: 'error', message: PAYMENT_LINK_MISSING }));
    return;
  }
  const { redirectToGateway }: AppServices = yield getServices();
  yield call(redirectToGateway, { url: payment.url, token: payment.token });
}

export function* reservationsSaga() {
  yield takeLeading(reserveRequested.type, reserve);
  yield takeLatest(paymentResultOpened.type, loadPaymentResult);
  yield takeLeading(paymentResumed.type, resumePayment);
}
