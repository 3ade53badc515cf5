import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { alertsReducer } from '../features/alerts/slice';
import { authReducer } from '../features/auth/slice';
import { catalogReducer } from '../features/catalog/slice';
import { contactReducer } from '../features/contact/slice';
import { profileReducer } from '../features/profile/slice';
import { quotesReducer } from '../features/quotes/slice';
import { reservationsReducer } from '../features/reservations/slice';
import { sessionReducer } from '../features/session/slice';
import { THEME_ENVIRONMENT, type ThemeEnvironment } from '../features/theme/environment';
import { initialThemeState, themeReducer } from '../features/theme/slice';
import { toastsReducer } from '../features/toasts/slice';
import { platformApi } from '../shared/api/platform-api';
import { SERVICES, type AppServices } from '../shared/store/services';
import type { backofficeReducers } from './backoffice-features';
import { rootSaga } from './rootSaga';

/** The buyers' slices; the back office's are added on demand (backoffice-features.ts, injectBackoffice). */
export const appReducers = {
  session: sessionReducer,
  auth: authReducer,
  toasts: toastsReducer,
  theme: themeReducer,
  catalog: catalogReducer,
  quotes: quotesReducer,
  reservations: reservationsReducer,
  alerts: alertsReducer,
  contact: contactReducer,
  profile: profileReducer,
  [platformApi.reducerPath]: platformApi.reducer,
};

export const rootReducer = combineReducers(appReducers);

type BackofficeState = { [K in keyof typeof backofficeReducers]: ReturnType<(typeof backofficeReducers)[K]> };

/** The back office's slices are typed as present: only back-office screens read them, after injection. */
export type RootState = ReturnType<typeof rootReducer> & BackofficeState;

const SECRET_KEYS = new Set(['password', 'passwordConfirmation']);

/** Passwords travel in login/registration actions; the Redux DevTools never see them. */
export const redactSecrets = <A extends Action>(action: A): A => {
  const payload = (action as { payload?: unknown }).payload;
  if (!payload || typeof payload !== 'object' || !Object.keys(payload).some((k) => SECRET_KEYS.has(k))) return action;
  const redacted = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, SECRET_KEYS.has(k) ? '********' : v]));
  return { ...action, payload: redacted };
};

/** A server-rendered page's state (web/src/entry-server.tsx): what its screens read, and the theme it was drawn in. */
export type PageState = Pick<RootState, 'catalog' | 'theme'>;

export interface AppStoreOptions {
  readonly services: AppServices;
  readonly themeEnvironment: ThemeEnvironment;
  /** The state the server rendered the page from: the browser hydrates that markup from the same state. */
  readonly preloaded?: PageState;
  /** The server renders with the catalogue's sagas only: no session, no browser flows. */
  readonly sagas?: Parameters<typeof rootSaga>[0];
}

export const createAppStore = ({ services, themeEnvironment, preloaded, sagas }: AppStoreOptions) => {
  const sagaMiddleware = createSagaMiddleware({
    context: { [SERVICES]: services, [THEME_ENVIRONMENT]: themeEnvironment },
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloaded ?? { theme: initialThemeState(themeEnvironment) },
    // Thunks carry RTK Query's requests (platformApi), through the same API port the sagas use.
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: services } }).concat(platformApi.middleware, sagaMiddleware),
    devTools: { actionSanitizer: redactSecrets },
  });
  sagaMiddleware.run(rootSaga, sagas);
  let backoffice: Promise<void> | null = null;
  let injected = false;
  /** Loads the back office's chunk once, then adds its slices to the reducer and starts its sagas. */
  const injectBackoffice = () =>
    (backoffice ??= import('./backoffice-features').then(
      ({ backofficeReducers, BACKOFFICE_SAGAS }) => {
        if (injected) return;
        store.replaceReducer(combineReducers({ ...appReducers, ...backofficeReducers }) as unknown as typeof rootReducer);
        sagaMiddleware.run(rootSaga, BACKOFFICE_SAGAS);
        injected = true;
      },
      (error: unknown) => {
        backoffice = null; // a failed download may be retried
        throw error;
      },
    ));
  return Object.assign(store, { injectBackoffice, backofficeInjected: () => injected });
};

export type AppStore = ReturnType<typeof createAppStore>;
