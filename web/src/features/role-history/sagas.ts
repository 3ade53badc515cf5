import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Page } from '../../shared/api/list-query';
import { toApiErrorBody } from '../../shared/api/errors';
import { userRolesChanged } from '../../shared/events';
import { getServices, type AppServices } from '../../shared/store/services';
import * as historyApi from './api/role-history-api';
import { auditFailed, auditLoaded, auditRequested, userHistoryFailed, userHistoryLoaded, userHistoryRequested } from './slice';

export function* loadUserHistory({ payload }: ReturnType<typeof userHistoryRequested>) {
  const { api }: AppServices = yield getServices();
  try {
    const items: readonly historyApi.RoleChange[] = yield call(historyApi.fetchUserRoleHistory, api, payload.userId);
    yield put(userHistoryLoaded({ userId: payload.userId, items }));
  } catch (error) {
    yield put(userHistoryFailed({ userId: payload.userId, error: toApiErrorBody(error) }));
  }
}

function* loadAudit({ payload }: ReturnType<typeof auditRequested>) {
  const { api }: AppServices = yield getServices();
  try {
    const page: Page<historyApi.RoleChange> = yield call(historyApi.fetchRoleChanges, api, payload);
    yield put(auditLoaded(page));
  } catch (error) {
    yield put(auditFailed(toApiErrorBody(error)));
  }
}

/** After an accepted role change the history reloads; X-Min-Position makes it include the change. */
function* reloadAfterChange({ payload }: ReturnType<typeof userRolesChanged>) {
  yield put(userHistoryRequested({ userId: payload.userId }));
}

export function* roleHistorySaga() {
  yield takeEvery(userHistoryRequested.type, loadUserHistory);
  yield takeLatest(auditRequested.type, loadAudit);
  yield takeEvery(userRolesChanged.type, reloadAfterChange);
}
