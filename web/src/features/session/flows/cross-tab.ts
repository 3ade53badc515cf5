import { eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import { postLoginPath } from '../../../shared/auth/roles';
import type { SessionSnapshot } from '../../../shared/auth/session-types';
import type { CrossTabMessage } from '../../../shared/browser/cross-tab';
import { sessionEstablished, sessionExpired } from '../../../shared/events';
import { getServices, type AppServices } from '../../../shared/store/services';
import { loggedOut, selectIsAuthenticated, selectSession, sessionRestored } from '../slice';
import { expire } from './expire';
import { loadProfileSession } from './start-up';

/* Cross-tab sync of login, logout and session-expired. */

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

export function* crossTabSync() {
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
