import { eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, getContext, put, select, take, takeEvery } from 'redux-saga/effects';
import type { ThemeMode } from '../../shared/ui/theme';
import { THEME_ENVIRONMENT, type ThemeEnvironment } from './environment';
import { selectThemeMode, themeStoredChoiceSynced, themeSystemPreferenceChanged, themeToggled } from './slice';

type ThemeSignal = { kind: 'system'; mode: ThemeMode } | { kind: 'stored'; mode: ThemeMode | null };

const signals = (env: ThemeEnvironment): EventChannel<ThemeSignal> =>
  eventChannel((emit) => {
    const offSystem = env.subscribeSystem((mode) => emit({ kind: 'system', mode }));
    const offStored = env.subscribeStored((mode) => emit({ kind: 'stored', mode }));
    return () => {
      offSystem();
      offStored();
    };
  });

function* persistChoice(env: ThemeEnvironment) {
  const mode: ThemeMode = yield select(selectThemeMode);
  yield call([env, env.writeStored], mode);
}

function* followSignals(env: ThemeEnvironment) {
  const channel: EventChannel<ThemeSignal> = yield call(signals, env);
  try {
    while (true) {
      const signal: ThemeSignal = yield take(channel);
      if (signal.kind === 'system') yield put(themeSystemPreferenceChanged(signal.mode));
      else yield put(themeStoredChoiceSynced({ stored: signal.mode, system: env.systemMode() }));
    }
  } finally {
    channel.close();
  }
}

export function* themeSaga() {
  const env: ThemeEnvironment = yield getContext(THEME_ENVIRONMENT);
  yield takeEvery(themeToggled.type, persistChoice, env);
  yield fork(followSignals, env);
}
