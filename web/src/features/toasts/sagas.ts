import { delay, put, takeEvery } from 'redux-saga/effects';
import { TOAST_DURATION_MS } from '../../shared/config/constants';
import { toastRequested } from '../../shared/events';
import { toastExpired } from './slice';

function* expireLater({ payload }: ReturnType<typeof toastRequested>) {
  yield delay(TOAST_DURATION_MS);
  yield put(toastExpired(payload.id));
}

/** Every toast goes away after 4 s (spec §9). */
export function* toastsSaga() {
  yield takeEvery(toastRequested.type, expireLater);
}
