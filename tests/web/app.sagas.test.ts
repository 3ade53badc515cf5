import { take } from 'redux-saga/effects';
import { rootSaga } from '../../web/src/app/rootSaga';
import { redactSecrets } from '../../web/src/app/store';
import type { ThemeEnvironment } from '../../web/src/features/theme/environment';
import { themeSaga } from '../../web/src/features/theme/sagas';
import { themeToggled } from '../../web/src/features/theme/slice';
import { initialThemeState } from '../../web/src/features/theme/slice';
import { toastsSaga } from '../../web/src/features/toasts/sagas';
import { toastRequested } from '../../web/src/shared/events';
import type { ThemeMode } from '../../web/src/shared/ui/theme';
import { createHarness, settle } from './support/saga-harness';

describe('root saga', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('restarts a child that fails, and the others keep running', async () => {
    const starts: string[] = [];
    let failures = 1;
    function* flaky() {
      starts.push('flaky');
      yield take('test/poke');
      if (failures-- > 0) throw new Error('boom');
      yield take('never');
    }
    function* steady() {
      starts.push('steady');
      yield take('never');
    }
    const onError = jest.fn();
    const h = createHarness();
    h.run(rootSaga, [flaky, steady], { onError, restartDelayMs: 500 });
    await settle();
    h.dispatch({ type: 'test/poke' });
    await settle(499);
    expect(starts).toEqual(['flaky', 'steady']);
    await settle(1);
    expect(starts).toEqual(['flaky', 'steady', 'flaky']);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 'flaky');
    h.stop();
  });
});

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('go away after 4 s', async () => {
    const h = createHarness();
    h.run(toastsSaga);
    h.dispatch(toastRequested({ kind: 'success', message: 'Hola' }));
    await settle(1_000);
    h.dispatch(toastRequested({ kind: 'error', message: 'Chao' }));
    expect(h.state.toasts.items.map((t) => t.message)).toEqual(['Hola', 'Chao']);
    await settle(3_000);
    expect(h.state.toasts.items.map((t) => t.message)).toEqual(['Chao']);
    await settle(1_000);
    expect(h.state.toasts.items).toEqual([]);
    h.stop();
  });
});

describe('theme', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const environment = (stored: ThemeMode | null, system: ThemeMode) => {
    let systemListener: (m: ThemeMode) => void = () => undefined;
    let storedListener: (m: ThemeMode | null) => void = () => undefined;
    const env: ThemeEnvironment & { writeStored: jest.Mock } = {
      readStored: () => stored,
      writeStored: jest.fn(),
      systemMode: () => system,
      subscribeSystem: (l) => ((systemListener = l), () => undefined),
      subscribeStored: (l) => ((storedListener = l), () => undefined),
    };
    return {
      env,
      systemBecomes: (m: ThemeMode) => {
        system = m;
        systemListener(m);
      },
      otherTabStores: (m: ThemeMode | null) => storedListener(m),
    };
  };

  it('starts from the stored choice, else the system preference', () => {
    expect(initialThemeState(environment('dark', 'light').env)).toEqual({ mode: 'dark', source: 'stored' });
    expect(initialThemeState(environment(null, 'dark').env)).toEqual({ mode: 'dark', source: 'system' });
  });

  it('follows the system only while nothing is stored, stores a toggle and syncs other tabs', async () => {
    const world = environment(null, 'light');
    const h = createHarness({}, { theme: world.env });
    h.run(themeSaga);
    world.systemBecomes('dark');
    await settle();
    expect(h.state.theme).toEqual({ mode: 'dark', source: 'system' });

    h.dispatch(themeToggled());
    await settle();
    expect(h.state.theme).toEqual({ mode: 'light', source: 'stored' });
    expect(world.env.writeStored).toHaveBeenCalledWith('light');

    world.systemBecomes('dark');
    await settle();
    expect(h.state.theme.mode).toBe('light');

    world.otherTabStores('dark');
    await settle();
    expect(h.state.theme).toEqual({ mode: 'dark', source: 'stored' });
    world.otherTabStores(null);
    await settle();
    expect(h.state.theme).toEqual({ mode: 'dark', source: 'system' });
    h.stop();
  });
});

describe('devtools redaction', () => {
  it('hides passwords in actions', () => {
    expect(redactSecrets({ type: 'auth/loginSubmitted', payload: { login: 'a', password: 'secret', passwordConfirmation: 'secret' } })).toEqual({
      type: 'auth/loginSubmitted',
      payload: { login: 'a', password: '********', passwordConfirmation: '********' },
    });
    const plain = { type: 'x', payload: { a: 1 } };
    expect(redactSecrets(plain)).toBe(plain);
  });
});
