import { call, delay, put, race, select, take } from 'redux-saga/effects';
import { ApiError } from '../../../shared/api/errors';
import { parseExpiresAt } from '../../../shared/auth/session-mapping';
import type { SessionCheckDto } from '../../../shared/auth/session-types';
import { MAX_REFRESHES_PER_WINDOW, MIN_REFRESH_DELAY_MS, REFRESH_THRESHOLD_MS, REFRESH_WINDOW_MS } from '../../../shared/config/constants';
import { sessionEstablished } from '../../../shared/events';
import { createSlidingWindowLimiter } from '../../../shared/lib/rate-limiter';
import { getServices, type AppServices } from '../../../shared/store/services';
import * as sessionApi from '../api/session-api';
import { activityRecorded, selectActiveSinceRenewal, selectExpiresAt, sessionExtended, sessionRestored } from '../slice';
import { expire } from './expire';

/* Token-expiry monitor: refresh 5 min before expiry while the user is active. */

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
