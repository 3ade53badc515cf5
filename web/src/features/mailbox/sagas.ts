import { call, put, takeLatest } from 'redux-saga/effects';
import { toApiErrorBody } from '../../shared/api/errors';
import { getServices, type AppServices } from '../../shared/store/services';
import { fetchMailbox, type CapturedMail } from './api/mailbox-api';
import { mailboxFailed, mailboxLoaded, mailboxRequested } from './slice';

function* load() {
  const { api }: AppServices = yield getServices();
  try {
    const items: readonly CapturedMail[] = yield call(fetchMailbox, api);
    yield put(mailboxLoaded(items));
  } catch (error) {
    yield put(mailboxFailed(toApiErrorBody(error)));
  }
}

export function* mailboxSaga() {
  yield takeLatest(mailboxRequested.type, load);
}
