import { put, select, takeEvery } from 'redux-saga/effects';
import { platformApi } from '../../../shared/api/platform-api';
import type { SessionSnapshot } from '../../../shared/auth/session-types';
import { sessionEstablished, sessionExpired } from '../../../shared/events';
import { getServices, type AppServices } from '../../../shared/store/services';
import { loggedOut, selectSession, sessionReset, sessionRestored } from '../slice';

/** Browser storage follows the session. */
export function* keepStorage() {
  const services: AppServices = yield getServices();
  yield takeEvery([sessionEstablished.type, sessionRestored.type], function* () {
    const session: SessionSnapshot | null = yield select(selectSession);
    if (session) services.sessionPersistence.save(session);
  });
  yield takeEvery([loggedOut.type, sessionExpired.type, sessionReset.type], function* () {
    services.sessionPersistence.clear();
    services.api.resetSessionState();
    // What was read for the person who left is not shown to the next one.
    yield put(platformApi.util.resetApiState());
  });
  yield takeEvery(sessionEstablished.type, function* () {
    // A new session gets a new CSRF token and starts read-your-writes afresh.
    services.api.resetSessionState();
    yield put(platformApi.util.resetApiState());
  });
}
