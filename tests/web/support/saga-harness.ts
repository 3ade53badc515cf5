import type { Action } from 'redux';
import { runSaga, stdChannel, type Saga, type Task } from 'redux-saga';
import { combineReducers } from '@reduxjs/toolkit';
import { backofficeReducers } from '../../../web/src/app/backoffice-features';
import { appReducers, type RootState } from '../../../web/src/app/store';
import { THEME_ENVIRONMENT, type ThemeEnvironment } from '../../../web/src/features/theme/environment';
import { ApiError } from '../../../web/src/shared/api/errors';
import type { ApiPort, ApiRequest, ApiResponse } from '../../../web/src/shared/api/port';
import { createSessionExpiryHandler } from '../../../web/src/shared/api/session-expiry';
import type { CrossTabEvent, CrossTabMessage } from '../../../web/src/shared/browser/cross-tab';
import { sessionExpired, toastRequested } from '../../../web/src/shared/events';
import { SERVICES, type AppServices } from '../../../web/src/shared/store/services';

/**
 * Runs sagas for real with runSaga against the app's root reducer and fake services; tests dispatch
 * actions and read the state and the actions that went by.
 */
export type Route = (request: ApiRequest) => unknown | Promise<unknown>;

const ANSWER = Symbol('answer');

export interface FakeAnswer {
  readonly [ANSWER]: true;
  readonly data: unknown;
  readonly headers?: Record<string, string>;
}

/** A body with response headers; a route returning anything else answers that value as the body. */
export const answer = (data: unknown, headers?: Record<string, string>): FakeAnswer => ({ [ANSWER]: true, data, headers });

const isAnswer = (value: unknown): value is FakeAnswer => typeof value === 'object' && value !== null && ANSWER in value;

export const apiError = (status: number, code: string, message = code, actions: string[] = [], severity: 'error' | 'warning' = 'error') =>
  new ApiError(status, { code, message, severity, fieldErrors: [], actions });

export function fakeApi(routes: Record<string, Route>) {
  const requests: ApiRequest[] = [];
  const api: ApiPort & { requests: ApiRequest[]; resets: number } = {
    requests,
    resets: 0,
    async request<T>(request: ApiRequest): Promise<ApiResponse<T>> {
      requests.push(request);
      const route = routes[`${request.method} ${request.path}`];
      if (!route) throw apiError(404, 'NOT_FOUND');
      const result = await route(request);
      const { data, headers } = isAnswer(result) ? result : { data: result, headers: undefined };
      return { status: 200, data: data as T, header: (name) => headers?.[name] ?? null };
    },
    resetSessionState() {
      api.resets += 1;
    },
    async upload() {
      throw new Error('no uploads in saga tests');
    },
  };
  const calls = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { api, calls };
}

/** The app's reducer with the back office's slices already injected, as after a back-office visit. */
const rootReducer = combineReducers({ ...appReducers, ...backofficeReducers });

export function createHarness(routes: Record<string, Route> = {}, options: { path?: string; theme?: ThemeEnvironment } = {}) {
  const channel = stdChannel();
  let state: RootState = rootReducer(undefined, { type: '@@init' });
  const actions: Action[] = [];
  const dispatch = <A extends Action>(action: A): A => {
    actions.push(action);
    state = rootReducer(state, action);
    channel.put(action);
    return action;
  };

  const { api, calls } = fakeApi(routes);
  const navigate = jest.fn();
  let currentPath = options.path ?? '/';
  navigate.mockImplementation((to: string) => {
    currentPath = to.split('?')[0];
  });

  let sharedActivityAt: number | null = null;
  const tabListeners = new Set<(m: CrossTabMessage) => void>();
  const activityListeners = new Set<() => void>();
  const persistence = { save: jest.fn(), saveActiveRole: jest.fn(), readActiveRole: jest.fn((): string | null => null), clear: jest.fn() };

  const services: AppServices = {
    api,
    navigate,
    currentPath: () => currentPath,
    now: () => Date.now(),
    sessionPersistence: persistence,
    sessionExpiry: createSessionExpiryHandler({
      clearLocalSession: (reason) => dispatch(sessionExpired({ reason })),
      notify: (message) => dispatch(toastRequested({ kind: 'error', message })),
      redirect: (path) => navigate(path, { replace: true }),
    }),
    crossTab: {
      post: jest.fn(),
      subscribe: (listener) => {
        tabListeners.add(listener);
        return () => tabListeners.delete(listener);
      },
    },
    activity: {
      subscribe: (listener) => {
        activityListeners.add(listener);
        return () => activityListeners.delete(listener);
      },
      lastActiveAt: () => sharedActivityAt,
    },
    redirectToGateway: jest.fn(),
  };

  const tasks: Task[] = [];
  const run = <S extends Saga>(saga: S, ...args: Parameters<S>): Task => {
    const task = runSaga({ channel, dispatch, getState: () => state, context: { [SERVICES]: services, [THEME_ENVIRONMENT]: options.theme } }, saga, ...args);
    tasks.push(task);
    return task;
  };

  return {
    run,
    dispatch,
    get state() {
      return state;
    },
    actions,
    types: () => actions.map((a) => a.type),
    toasts: () => actions.filter((a): a is ReturnType<typeof toastRequested> => a.type === toastRequested.type).map((a) => a.payload.message),
    api,
    calls,
    navigate,
    redirectToGateway: services.redirectToGateway as jest.Mock,
    persistence,
    crossTab: services.crossTab as AppServices['crossTab'] & { post: jest.Mock },
    fromOtherTab: (type: CrossTabEvent) => tabListeners.forEach((l) => l({ type, at: Date.now() })),
    userActs: () => {
      sharedActivityAt = Date.now();
      activityListeners.forEach((l) => l());
    },
    /** The user did something in another tab of the same browser. */
    userActsElsewhere: () => {
      sharedActivityAt = Date.now();
    },
    setPath: (path: string) => {
      currentPath = path;
    },
    stop: () => tasks.forEach((t) => t.isRunning() && t.cancel()),
  };
}

/** Lets pending promises and zero-delay timers settle under fake timers. */
export const settle = (ms = 0) => jest.advanceTimersByTimeAsync(ms);
