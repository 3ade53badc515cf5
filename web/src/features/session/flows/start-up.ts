import { call, put } from 'redux-saga/effects';
import { sessionFromProfile } from '../../../shared/auth/session-mapping';
import type { ProfileDto, SessionCheckDto, SessionSnapshot } from '../../../shared/auth/session-types';
import { getServices, type AppServices } from '../../../shared/store/services';
import * as sessionApi from '../api/session-api';
import { noSessionFound, sessionRestored } from '../slice';

/** The session as the profile describes it (start-up, and a sign-in in another tab). */
export function* loadProfileSession(services: AppServices) {
  const profile: ProfileDto = yield call(sessionApi.fetchProfile, services.api);
  const session: SessionSnapshot = sessionFromProfile(profile, services.now(), services.sessionPersistence.readActiveRole());
  return session;
}

/** Start-up (spec §4): ask the server whether there is a session, then read the profile. */
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
