import { call, put, takeEvery } from 'redux-saga/effects';
import { toApiErrorBody } from '../../shared/api/errors';
import { userRolesChanged } from '../../shared/events';
import { getServices, type AppServices } from '../../shared/store/services';
import * as historyApi from './api/role-history-api';
import { userHistoryFailed, userHistoryLoaded, userHistoryRequested } from './slice';

export function* loadUserHistory({ payload }: ReturnType<typeof userHistoryRequested>) {
  const { api }: AppServices = yield getServices();
  try {
    const items: readonly historyApi.RoleChange[] = yield call(historyApi.fetchUserRoleHistory, api, payload.userId);
    yield put(userHistoryLoaded({ userId: payload.userId, items }));
  } catch (error) {
    yield put(userHistoryFailed({ userId: payload.userId, error: toApiErrorBody(error) }));
  }
}

/** After an accepted role change the history reloads; X-Min-Position makes it include the change. */
function* reloadAfterChange({ payload }: ReturnType<typeof userRolesChanged>) {
  yield put(userHistoryRequested({ userId: payload.userId }));
}

export function* roleHistorySaga() {
  yield takeEvery(userHistoryRequested.type, loadUserHistory);
  yield takeEvery(userRolesChanged.type, reloadAfterChange);
}
