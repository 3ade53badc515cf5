import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { alertsReducer } from '../features/alerts/slice';
import { authReducer } from '../features/auth/slice';
import { catalogReducer } from '../features/catalog/slice';
import { contactReducer } from '../features/contact/slice';
import { documentsReducer } from '../features/documents/slice';
import { mailboxReducer } from '../features/mailbox/slice';
import { profileReducer } from '../features/profile/slice';
import { quotesReducer } from '../features/quotes/slice';
import { reservationsReducer } from '../features/reservations/slice';
import { roleHistoryReducer } from '../features/role-history/slice';
import { sessionReducer } from '../features/session/slice';
import { THEME_ENVIRONMENT, type ThemeEnvironment } from '../features/theme/environment';
import { initialThemeState, themeReducer } from '../features/theme/slice';
import { toastsReducer } from '../features/toasts/slice';
import { usersReducer } from '../features/users/slice';
import { SERVICES, type AppServices } from '../shared/store/services';
import { rootSaga } from './rootSaga';

export const rootReducer = combineReducers({
  session: sessionReducer,
  auth: authReducer,
  toasts: toastsReducer,
  theme: themeReducer,
  users: usersReducer,
  roleHistory: roleHistoryReducer,
  mailbox: mailboxReducer,
  catalog: catalogReducer,
  quotes: quotesReducer,
  reservations: reservationsReducer,
  alerts: alertsReducer,
  contact: contactReducer,
  profile: profileReducer,
  documents: documentsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

const SECRET_KEYS = new Set(['password', 'passwordConfirmation']);

/** Passwords travel in login/registration actions; the Redux DevTools never see them. */
export const redactSecrets = <A extends Action>(action: A): A => {
  const payload = (action as { payload?: unknown }).payload;
  if (!payload || typeof payload !== 'object' || !Object.keys(payload).some((k) => SECRET_KEYS.has(k))) return action;
  const redacted = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, SECRET_KEYS.has(k) ? '********' : v]));
  return { ...action, payload: redacted };
};

export const createAppStore = ({ services, themeEnvironment }: { services: AppServices; themeEnvironment: ThemeEnvironment }) => {
  const sagaMiddleware = createSagaMiddleware({
    context: { [SERVICES]: services, [THEME_ENVIRONMENT]: themeEnvironment },
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { theme: initialThemeState(themeEnvironment) },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
    devTools: { actionSanitizer: redactSecrets },
  });
  sagaMiddleware.run(rootSaga);
  return store;
};

export type AppStore = ReturnType<typeof createAppStore>;
