import { eventChannel, type EventChannel } from 'redux-saga';
import { all, call, delay, fork, put, race, select, take, takeEvery, takeLeading } from 'redux-saga/effects';
import { ApiError } from '../../shared/api/errors';
import { postLoginPath } from '../../shared/auth/roles';
import { parseExpiresAt, sessionFromProfile } from '../../shared/auth/session-mapping';
import type { SessionCheckDto, SessionEndReason, ProfileDto, SessionSnapshot } from '../../shared/auth/session-types';
import type { CrossTabMessage } from '../../shared/browser/cross-tab';
import {
  INACTIVITY_TIMEOUT_MS,
  MAX_REFRESHES_PER_WINDOW,
  MESSAGES,
  MIN_REFRESH_DELAY_MS,
  REFRESH_THRESHOLD_MS,
  REFRESH_WINDOW_MS,
} from '../../shared/config/constants';
import { sessionEstablished, sessionExpired, toastRequested } from '../../shared/events';
import { createSlidingWindowLimiter } from '../../shared/lib/rate-limiter';
import { getServices, type AppServices } from '../../shared/store/services';
import * as sessionApi from './api/session-api';
import {
  activityRecorded,
  loggedOut,
  logoutRequested,
  selectActiveSinceRenewal,
  selectExpiresAt,
  selectIsAuthenticated,
  selectSession,
  noSessionFound,
  sessionExtended,
  sessionReset,
  sessionRestored,
} from './slice';

/* ---------- start-up (spec §4): ask the server, then the profile ---------- */

export function* loadProfileSession(services: AppServices) {
  const profile: ProfileDto = yield call(sessionApi.fetchProfile, services.api);
  const session: SessionSnapshot = sessionFromProfile(profile, services.now(), services.sessionPersistence.readActiveRole());
  return session;
}

export function* initializeSession() {
  const services: AppServices = yield getServices();
  try {
    const check: SessionCheckDto = yield call(sessionApi.checkSession, services.api);
    if (!check?.valid) {
      services.sessionPersistence.clear();
      yield put(noSessionFound());
      return;
    }
    const session: SessionSnapshot = yield call(loadProfileSession, services);
    yield put(sessionRestored({ session, origin: 'this-tab' }));
  } catch {
    services.sessionPersistence.clear();
    yield put(noSessionFound());
  }
}

/* ---------- browser storage follows the session ---------- */

function* keepStorage() {
  const services: AppServices = yield getServices();
  yield takeEvery([sessionEstablished.type, sessionRestored.type], function* () {
    const session: SessionSnapshot | null = yield select(selectSession);
    if (session) services.sessionPersistence.save(session);
  });
  yield takeEvery([loggedOut.type, sessionExpired.type, sessionReset.type], () => {
    services.sessionPersistence.clear();
    services.api.resetSessionState();
  });
  yield takeEvery(sessionEstablished.type, () => {
    // A new session gets a new CSRF token and starts read-your-writes afresh.
    services.api.resetSessionState();
  });
}

/* ---------- logout (spec §6): server first, local state cleared in any case ---------- */

function* logout() {
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

/* ---------- ending a session without logout ---------- */

function* expire(reason: SessionEndReason) {
  const { sessionExpiry }: AppServices = yield getServices();
  const handled: boolean = yield call([sessionExpiry, sessionExpiry.handle], reason);
  // Throttled: the toast and redirect already happened moments ago; the state must still end.
  const stillAuthenticated: boolean = yield select(selectIsAuthenticated);
  if (!handled && stillAuthenticated) yield put(sessionExpired({ reason }));
}

/* ---------- inactivity timer: mouse, key, scroll, touch (in any tab) reset it ---------- */

export function* inactivityMonitor(timeoutMs: number = INACTIVITY_TIMEOUT_MS) {
  const { activity, now }: AppServices = yield getServices();
  const channel: EventChannel<true> = yield call(() => eventChannel<true>((emit) => activity.subscribe(() => emit(true))));
  try {
    let wait = timeoutMs;
    while (true) {
      const { idle } = yield race({ active: take(channel), idle: delay(wait) });
      if (!idle) {
        wait = timeoutMs;
        const flagged: boolean = yield select(selectActiveSinceRenewal);
        if (!flagged) yield put(activityRecorded());
        continue;
      }
      // Idle here; the user may be busy in another tab of the same session.
      const quietFor = now() - (activity.lastActiveAt() ?? 0);
      if (quietFor < timeoutMs) {
        wait = timeoutMs - quietFor;
        continue;
      }
      yield call(expire, 'inactivity');
      return;
    }
  } finally {
    channel.close();
  }
}

/* ---------- token-expiry monitor: refresh 5 min before expiry while the user is active ---------- */

const renew = function* (services: AppServices) {
  try {
    const expiresAt: string | number | null = yield call(sessionApi.refreshSession, services.api);
    return expiresAt;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 405)) {
      const expiresAt: string | number | null = yield call(sessionApi.extendSession, services.api);
      return expiresAt;
    }
    throw error;
  }
};

/** Anything that moves the expiry makes the monitor start over. */
const RENEWALS = [sessionExtended.type, sessionRestored.type, sessionEstablished.type];

function* askServer(services: AppServices) {
  try {
    const check: SessionCheckDto = yield call(sessionApi.checkSession, services.api);
    if (!check?.valid) return 'over';
    yield put(sessionExtended({ expiresAt: parseExpiresAt(check.expiresAt, services.now()) }));
    return 'renewed';
  } catch {
    return 'unknown';
  }
}

export function* expiryMonitor() {
  const services: AppServices = yield getServices();
  const limiter = createSlidingWindowLimiter(MAX_REFRESHES_PER_WINDOW, REFRESH_WINDOW_MS);
  while (true) {
    const known: number | null = yield select(selectExpiresAt);
    const expiresAt = known ?? parseExpiresAt(null, services.now());
    const wait = Math.max(MIN_REFRESH_DELAY_MS, expiresAt - REFRESH_THRESHOLD_MS - services.now());
    const { renewed } = yield race({ timer: delay(wait), renewed: take(RENEWALS) });
    if (renewed) continue;

    const active: boolean = yield select(selectActiveSinceRenewal);
    if (!active) {
      // Idle since the last renewal: renew on the next sign of life, or let the session lapse.
      const remaining = expiresAt - services.now();
      const outcome: { activity?: unknown; renewed?: unknown } =
        remaining > 0 ? yield race({ activity: take(activityRecorded.type), renewed: take(RENEWALS), lapse: delay(remaining) }) : {};
      if (outcome.renewed) continue;
      if (!outcome.activity) {
        // Another tab may have renewed the (shared) session: ask the server before giving up.
        const verdict: 'renewed' | 'over' | 'unknown' = yield call(askServer, services);
        if (verdict === 'over') {
          yield call(expire, 'token-expired');
          return;
        }
        continue;
      }
    }

    if (!limiter.tryAcquire(services.now())) continue;
    try {
      const raw: string | number | null = yield call(renew, services);
      yield put(sessionExtended({ expiresAt: parseExpiresAt(raw, services.now()) }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        yield call(expire, 'refresh-failed');
        return;
      }
      // Network trouble: try again on the next turn (at least 30 s later).
    }
  }
}

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

/* ---------- cross-tab sync of login, logout and session-expired ---------- */

const LOGIN_PATHS = ['/login', '/auth/login'];

function* onOtherTab(message: CrossTabMessage) {
  const services: AppServices = yield getServices();
  const authenticated: boolean = yield select(selectIsAuthenticated);
  switch (message.type) {
    case 'login': {
      try {
        const before: SessionSnapshot | null = yield select(selectSession);
        const session: SessionSnapshot = yield call(loadProfileSession, services);
        yield put(sessionRestored({ session, origin: 'other-tab' }));
        const onLogin = LOGIN_PATHS.includes(services.currentPath());
        if (onLogin || (before && before.user.id !== session.user.id)) {
          yield call(services.navigate, postLoginPath(session.roles.map((r) => r.name)), { replace: true });
        }
      } catch {
        // The other tab's session is not visible here (yet); this tab stays as it is.
      }
      return;
    }
    case 'logout':
      if (authenticated) {
        yield put(loggedOut({ local: false, origin: 'other-tab' }));
        yield call(services.navigate, '/login', { replace: true });
      }
      return;
    case 'session-expired':
      if (authenticated) yield call(expire, 'other-tab');
      return;
  }
}

function* crossTabSync() {
  const { crossTab }: AppServices = yield getServices();
  yield takeEvery(sessionEstablished.type, () => crossTab.post('login'));
  yield takeEvery(loggedOut.type, (action: ReturnType<typeof loggedOut>) => {
    if (action.payload.origin === 'this-tab') crossTab.post('logout');
  });
  yield takeEvery(sessionExpired.type, (action: ReturnType<typeof sessionExpired>) => {
    if (action.payload.reason !== 'other-tab') crossTab.post('session-expired');
  });
  const incoming: EventChannel<CrossTabMessage> = yield call(() => eventChannel<CrossTabMessage>((emit) => crossTab.subscribe(emit)));
  try {
    while (true) {
      const message: CrossTabMessage = yield take(incoming);
      yield fork(onOtherTab, message);
    }
  } finally {
    incoming.close();
  }
}

export function* sessionSaga() {
  yield fork(keepStorage);
  yield fork(crossTabSync);
  yield takeLeading(logoutRequested.type, logout);
  yield fork(whileAuthenticated);
  yield call(initializeSession);
}
