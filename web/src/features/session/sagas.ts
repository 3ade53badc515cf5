import { all, call, fork, race, select, take, takeLeading } from 'redux-saga/effects';
import { sessionEstablished, sessionExpired } from '../../shared/events';
import { crossTabSync } from './flows/cross-tab';
import { inactivityMonitor } from './flows/inactivity';
import { logout } from './flows/logout';
import { keepStorage } from './flows/storage';
import { initializeSession } from './flows/start-up';
import { expiryMonitor } from './flows/token-expiry';
import { loggedOut, logoutRequested, selectIsAuthenticated, sessionReset, sessionRestored } from './slice';

/**
 * The session's long flows, one file each in flows/: start-up, storage, logout, inactivity, token expiry and
 * cross-tab sync. The two monitors run only while someone is signed in.
 */
function* whileAuthenticated() {
  while (true) {
    const authenticated: boolean = yield select(selectIsAuthenticated);
    if (!authenticated) yield take([sessionEstablished.type, sessionRestored.type]);
    yield race({
      monitors: all([call(inactivityMonitor), call(expiryMonitor)]),
      ended: take([loggedOut.type, sessionExpired.type, sessionReset.type]),
    });
  }
}

export function* sessionSaga() {
  yield fork(keepStorage);
  yield fork(crossTabSync);
  yield takeLeading(logoutRequested.type, logout);
  yield fork(whileAuthenticated);
  yield call(initializeSession);
}
