import { call, put } from 'redux-saga/effects';
import { MESSAGES } from '../../../shared/config/constants';
import { toastRequested } from '../../../shared/events';
import { getServices, type AppServices } from '../../../shared/store/services';
import * as sessionApi from '../api/session-api';
import { loggedOut } from '../slice';

/** Logout (spec §6): the server first, local state cleared in any case. */
export function* logout() {
  const { api, navigate }: AppServices = yield getServices();
  try {
    yield call(sessionApi.logout, api);
    yield put(loggedOut({ local: false, origin: 'this-tab' }));
    yield put(toastRequested({ kind: 'success', message: MESSAGES.logoutSucceeded }));
  } catch {
    yield put(loggedOut({ local: true, origin: 'this-tab' }));
    yield put(toastRequested({ kind: 'info', message: MESSAGES.logoutLocal }));
  }
  yield call(navigate, '/login', { replace: true });
}
