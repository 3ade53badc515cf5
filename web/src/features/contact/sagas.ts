import { call, put, takeLeading } from 'redux-saga/effects';
import { toApiErrorBody } from '../../shared/api/errors';
import { toastRequested } from '../../shared/events';
import { getServices, type AppServices } from '../../shared/store/services';
import { sendContactRequest } from './api/contact-api';
import { CONTACT_MSG } from './messages';
import { contactRequestFailed, contactRequestSent, contactRequestSubmitted } from './slice';

export const CONTACT_SENT_FALLBACK = 'Recibimos su solicitud. Un asesor lo contactará dentro de las próximas 24 horas.';

/** Sends the request; any failure is the spec's one toast, with the server's field errors kept for the form. */
export function* sendRequest({ payload }: ReturnType<typeof contactRequestSubmitted>) {
  const { api }: AppServices = yield getServices();
  try {
    const answer: { message?: string } = yield call(sendContactRequest, api, payload);
    const message = answer?.message || CONTACT_SENT_FALLBACK;
    yield put(contactRequestSent({ message }));
    yield put(toastRequested({ kind: 'success', message }));
  } catch (error) {
    yield put(contactRequestFailed(toApiErrorBody(error)));
    yield put(toastRequested({ kind: 'error', message: CONTACT_MSG.sendFailed }));
  }
}

export function* contactSaga() {
  yield takeLeading(contactRequestSubmitted.type, sendRequest);
}
