import { all, call, delay, spawn } from 'redux-saga/effects';
import { alertsSaga } from '../features/alerts/sagas';
import { authSaga } from '../features/auth/sagas';
import { catalogSaga } from '../features/catalog/sagas';
import { contactSaga } from '../features/contact/sagas';
import { profileSaga } from '../features/profile/sagas';
import { quotesSaga } from '../features/quotes/sagas';
import { reservationsSaga } from '../features/reservations/sagas';
import { sessionSaga } from '../features/session/sagas';
import { themeSaga } from '../features/theme/sagas';
import { toastsSaga } from '../features/toasts/sagas';

type Saga = () => Generator;

export interface KeepAliveOptions {
  readonly onError?: (error: unknown, saga: string) => void;
  /** Pause before a restart, so a saga failing at start-up does not spin. */
  readonly restartDelayMs?: number;
}

/** Runs a child saga and starts it again whenever it fails; a child that returns is left finished. */
export const keepAlive = (saga: Saga, { onError = defaultOnError, restartDelayMs = 1_000 }: KeepAliveOptions = {}) =>
  function* keptAlive() {
    while (true) {
      try {
        yield call(saga);
        return;
      } catch (error) {
        onError(error, saga.name);
        yield delay(restartDelayMs);
      }
    }
  };

const defaultOnError = (error: unknown, saga: string) => {
  console.error(`La saga ${saga} falló y se reinicia.`, error);
};

/** The buyers' sagas; the back office's start with its chunk (backoffice-features.ts). */
export const APP_SAGAS: readonly Saga[] = [
  sessionSaga,
  authSaga,
  toastsSaga,
  themeSaga,
  catalogSaga,
  quotesSaga,
  reservationsSaga,
  alertsSaga,
  contactSaga,
  profileSaga,
];

/** Children are spawned (detached): one failing never takes the others down. */
export function* rootSaga(children: readonly Saga[] = APP_SAGAS, options: KeepAliveOptions = {}) {
  yield all(children.map((child) => spawn(keepAlive(child, options))));
}
