import { call, put, takeLatest } from 'redux-saga/effects';
import { toApiErrorBody } from '../../shared/api/errors';
import { getServices, type AppServices } from '../../shared/store/services';
import { fetchMyDocuments } from './api/documents-api';
import type { MyDocument } from '../../../../contract/quotes';
import { documentsFailed, documentsLoaded, documentsRequested } from './slice';

function* load() {
  const { api }: AppServices = yield getServices();
  try {
    const items: readonly MyDocument[] = yield call(fetchMyDocuments, api);
    yield put(documentsLoaded(items));
  } catch (error) {
    yield put(documentsFailed(toApiErrorBody(error)));
  }
}

export function* documentsSaga() {
  yield takeLatest(documentsRequested.type, load);
}
