import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { toApiErrorBody } from '../../shared/api/errors';
import { toastRequested } from '../../shared/events';
import { getServices, type AppServices } from '../../shared/store/services';
import * as quotesApi from './api/quotes-api';
import type { Simulation } from '../../../../contract/financing';
import type { IssuedQuote, QuoteEmailed } from '../../../../contract/quotes';
import { simulationKey } from './calculator';
import { quoteDeliveryFailed, quoteEmailed, quoteEmailRequested, quoteIssued, simulationFailed, simulationLoaded, simulationRequested } from './slice';

/** The calculator asks again on every change: only the newest request counts (takeLatest cancels the rest). */
export function* simulate({ payload }: ReturnType<typeof simulationRequested>) {
  const { api }: AppServices = yield getServices();
  const key = simulationKey(payload);
  try {
    const result: Simulation = yield call(quotesApi.simulate, api, payload);
    yield put(simulationLoaded({ key, result }));
  } catch (error) {
    yield put(simulationFailed({ key, error: toApiErrorBody(error) }));
  }
}

/** "Send the quote PDF to my email": issue the quote (valid 7 days), then have it mailed to the buyer. */
export function* deliverQuote({ payload }: ReturnType<typeof quoteEmailRequested>) {
  const { api }: AppServices = yield getServices();
  try {
    const quote: IssuedQuote = yield call(quotesApi.createQuote, api, payload);
    yield put(quoteIssued(quote));
    const sent: QuoteEmailed = yield call(quotesApi.emailQuote, api, quote.id);
    yield put(quoteEmailed({ quoteId: quote.id, to: sent.to, message: sent.message }));
    yield put(toastRequested({ kind: 'success', message: sent.message }));
  } catch (error) {
    const body = toApiErrorBody(error);
    yield put(quoteDeliveryFailed(body));
    yield put(toastRequested({ kind: 'error', message: body.message }));
  }
}

export function* quotesSaga() {
  yield takeLatest(simulationRequested.type, simulate);
  yield takeLeading(quoteEmailRequested.type, deliverQuote);
}
