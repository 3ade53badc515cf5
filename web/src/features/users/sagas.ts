import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, toApiErrorBody } from '../../shared/api/errors';
import { toastRequested, userRolesChanged } from '../../shared/events';
import { getServices, type AppServices } from '../../shared/store/services';
import * as usersApi from './api/users-api';
import {
  roleCatalogueFailed,
  roleCatalogueLoaded,
  roleCatalogueRequested,
  rolesChangeConflicted,
  rolesChangeRejected,
  rolesChangeSubmitted,
  rolesChangeSucceeded,
  selectRoleCatalogue,
  statusChangeRejected,
  statusChangeSubmitted,
  statusChangeSucceeded,
  userDetailFailed,
  userDetailLoaded,
  userDetailRequested,
} from './slice';

export const ROLES_UPDATED_MESSAGE = 'Roles actualizados correctamente.';
export const ROLES_CONFLICT_MESSAGE = 'Otra persona cambió los roles de este usuario. Cargamos los roles actuales: revíselos y vuelva a guardar.';

function* loadDetail({ payload }: ReturnType<typeof userDetailRequested>) {
  const { api }: AppServices = yield getServices();
  try {
    const answer: { user: usersApi.UserDetail; etag: string } = yield call(usersApi.fetchUser, api, payload.id);
    yield put(userDetailLoaded(answer));
  } catch (error) {
    yield put(userDetailFailed(toApiErrorBody(error)));
  }
}

/** Pessimistic: waits for the server; a stale revision (412) reloads the user and says so. */
export function* changeRoles({ payload }: ReturnType<typeof rolesChangeSubmitted>) {
  const { api }: AppServices = yield getServices();
  try {
    const answer: usersApi.RolesChanged = yield call(
      usersApi.updateUserRoles,
      api,
      payload.userId,
      { roles: payload.roles, reason: payload.reason.trim() },
      payload.etag,
    );
    yield put(rolesChangeSucceeded({ userId: payload.userId, roles: answer.roles, revision: answer.revision }));
    yield put(userRolesChanged({ userId: payload.userId, roles: answer.roles, revision: String(answer.revision) }));
    yield put(toastRequested({ kind: 'success', message: ROLES_UPDATED_MESSAGE }));
    yield put(userDetailRequested({ id: payload.userId }));
  } catch (error) {
    const body = toApiErrorBody(error);
    if (error instanceof ApiError && error.status === 412) {
      yield put(rolesChangeConflicted(body));
      yield put(toastRequested({ kind: 'warning', message: ROLES_CONFLICT_MESSAGE }));
      yield put(userDetailRequested({ id: payload.userId }));
    } else {
      yield put(rolesChangeRejected(body));
      yield put(toastRequested({ kind: 'error', message: body.message }));
    }
  }
}

export const ACCOUNT_ENABLED_MESSAGE = 'Cuenta habilitada.';
export const ACCOUNT_DISABLED_MESSAGE = 'Cuenta deshabilitada. Sus sesiones abiertas se cerraron.';

/** Pessimistic: the status shown changes once the server has accepted it (the detail reloads). */
export function* changeStatus({ payload }: ReturnType<typeof statusChangeSubmitted>) {
  const { api }: AppServices = yield getServices();
  try {
    yield call(usersApi.setUserEnabled, api, payload.userId, payload.enabled, payload.reason.trim());
    yield put(statusChangeSucceeded({ userId: payload.userId, enabled: payload.enabled }));
    yield put(toastRequested({ kind: 'success', message: payload.enabled ? ACCOUNT_ENABLED_MESSAGE : ACCOUNT_DISABLED_MESSAGE }));
    yield put(userDetailRequested({ id: payload.userId }));
  } catch (error) {
    yield put(statusChangeRejected(toApiErrorBody(error)));
  }
}

function* loadRoleCatalogue() {
  const catalogue: ReturnType<typeof selectRoleCatalogue> = yield select(selectRoleCatalogue);
  if (catalogue.items.length > 0) return;
  const { api }: AppServices = yield getServices();
  try {
    const items: readonly usersApi.RoleDefinition[] = yield call(usersApi.fetchRoles, api);
    yield put(roleCatalogueLoaded(items));
  } catch {
    yield put(roleCatalogueFailed());
  }
}

export function* usersSaga() {
  yield takeLatest(userDetailRequested.type, loadDetail);
  yield takeLeading(rolesChangeSubmitted.type, changeRoles);
  yield takeLeading(statusChangeSubmitted.type, changeStatus);
  yield takeLeading(roleCatalogueRequested.type, loadRoleCatalogue);
}
