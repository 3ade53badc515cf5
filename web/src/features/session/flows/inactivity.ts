import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, put, race, select, take } from 'redux-saga/effects';
import { INACTIVITY_TIMEOUT_MS } from '../../../shared/config/constants';
import { getServices, type AppServices } from '../../../shared/store/services';
import { activityRecorded, selectActiveSinceRenewal } from '../slice';
import { expire } from './expire';

/** Inactivity timer: mouse, key, scroll, touch (in any tab) reset it. */
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
