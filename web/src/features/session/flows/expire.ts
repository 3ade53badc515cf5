import { call, put, select } from 'redux-saga/effects';
import type { SessionEndReason } from '../../../shared/auth/session-types';
import { sessionExpired } from '../../../shared/events';
import { getServices, type AppServices } from '../../../shared/store/services';
import { selectIsAuthenticated } from '../slice';

/** Ending a session without logout (inactivity, token expiry, another tab): the expiry handler tells the person. */
export function* expire(reason: SessionEndReason) {
  const { sessionExpiry }: AppServices = yield getServices();
  const handled: boolean = yield call([sessionExpiry, sessionExpiry.handle], reason);
  // Throttled: the toast and redirect already happened moments ago; the state must still end.
  const stillAuthenticated: boolean = yield select(selectIsAuthenticated);
  if (!handled && stillAuthenticated) yield put(sessionExpired({ reason }));
}
