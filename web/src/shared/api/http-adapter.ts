import { API_PREFIX, NETWORK_TIMEOUT_MS } from '../config/constants';
import { isPublicPath } from '../auth/public-paths';
import { ApiError, networkTimeoutError, networkUnavailableError, toErrorBody } from './errors';
import type { ApiPort, ApiRequest, ApiResponse, HttpMethod } from './port';

/**
 * HTTP adapter of the API port (spec §4 and §7): /api/v1 prefix, cookies, JSON, CSRF header on
 * writes, one shared session refresh on 401, a fresh CSRF token on 419, and read-your-writes through
 * X-Event-Position / X-Min-Position.
 */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface HttpApiOptions {
  readonly fetch: FetchLike;
  /** Prepended to every URL; '' in the browser (same origin). */
  readonly origin?: string;
  readonly timeoutMs?: number;
  /** The page the user is on; a 401 while on a public page is passed through untouched. */
  readonly currentPath: () => string;
  /** The refresh was refused: the session is over (wired to the session-expiry handler). */
  readonly onRefreshFailed?: () => void;
  /** A refresh succeeded, with the new expiry as the server sent it. */
  readonly onSessionRefreshed?: (expiresAt: string | number | null) => void;
}

export const CSRF_HEADER = 'X-CSRF-Token';
export const EVENT_POSITION_HEADER = 'X-Event-Position';
export const MIN_POSITION_HEADER = 'X-Min-Position';

const CSRF_PATH = '/csrf/token';
const REFRESH_PATH = '/auth/cookie/refresh';
const UNSAFE: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Auth endpoints answer 401 on purpose (wrong password, dead session); refreshing would be wrong. */
const NO_REFRESH = /^\/api\/v1\/(csrf\/|auth\/(?!cookie\/profile))/;

export const withApiPrefix = (path: string): string => {
  if (/^https?:\/\//i.test(path)) return path;
  const p = path.startsWith('/') ? path : `/${path}`;
  return p === API_PREFIX || p.startsWith(`${API_PREFIX}/`) ? p : `${API_PREFIX}${p}`;
};

export const buildQuery = (query: ApiRequest['query']): string => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
};

/** Positions are numbers, possibly beyond 2^53; anything else is kept as the latest seen. */
export const laterPosition = (current: string | null, candidate: string): string => {
  if (current === null) return candidate;
  if (/^\d+$/.test(current) && /^\d+$/.test(candidate)) return BigInt(candidate) > BigInt(current) ? candidate : current;
  return candidate;
};

interface RawResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  readonly payload: unknown;
}

const parsePayload = (text: string, contentType: string | null): unknown => {
  if (!text) return undefined;
  if (contentType?.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
};

export const createHttpApi = (options: HttpApiOptions): ApiPort => {
  const origin = options.origin ?? '';
  const timeoutMs = options.timeoutMs ?? NETWORK_TIMEOUT_MS;
  const currentPath = options.currentPath;

  let csrfToken: string | null = null;
  let csrfPending: Promise<string> | null = null;
  let refreshPending: Promise<boolean> | null = null;
  /** Bumped on every successful refresh: a 401 to a request sent before it is simply retried. */
  let refreshGeneration = 0;
  let minPosition: string | null = null;

  const send = async (method: HttpMethod, path: string, init: { query?: ApiRequest['query']; body?: unknown; headers?: Record<string, string> }): Promise<RawResponse> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await options.fetch(`${origin}${withApiPrefix(path)}${buildQuery(init.query)}`, {
        method,
        credentials: 'include',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: controller.signal,
      });
      const text = await response.text();
      const position = response.headers.get(EVENT_POSITION_HEADER);
      if (position) minPosition = laterPosition(minPosition, position.trim());
      return { status: response.status, ok: response.ok, headers: response.headers, payload: parsePayload(text, response.headers.get('Content-Type')) };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw controller.signal.aborted ? networkTimeoutError() : networkUnavailableError();
    } finally {
      clearTimeout(timer);
    }
  };

  const fetchCsrfToken = (): Promise<string> => {
    csrfPending ??= (async () => {
      const raw = await send('GET', CSRF_PATH, {});
      const token = (raw.payload as { csrfToken?: unknown } | undefined)?.csrfToken;
      if (!raw.ok || typeof token !== 'string') throw new ApiError(raw.status, toErrorBody(raw.status, raw.payload));
      csrfToken = token;
      return token;
    })().finally(() => {
      csrfPending = null;
    });
    return csrfPending;
  };

  /** One attempt, plus one more with a new CSRF token when the server answers 419. */
  const sendWithCsrf = async (request: ApiRequest): Promise<RawResponse> => {
    const unsafe = UNSAFE.has(request.method);
    const attempt = async (): Promise<RawResponse> => {
      const headers: Record<string, string> = { ...request.headers };
      if (unsafe) headers[CSRF_HEADER] = csrfToken ?? (await fetchCsrfToken());
      if (request.method === 'GET' && minPosition !== null) headers[MIN_POSITION_HEADER] = minPosition;
      return send(request.method, request.path, { query: request.query, body: request.body, headers });
    };
    const first = await attempt();
    if (first.status !== 419 || !unsafe) return first;
    csrfToken = null;
    await fetchCsrfToken();
    return attempt();
  };

  /** Concurrent 401s share this one refresh. A network failure is not a verdict on the session. */
  const refreshSession = (): Promise<boolean> => {
    refreshPending ??= (async () => {
      let raw: RawResponse;
      try {
        raw = await sendWithCsrf({ method: 'POST', path: REFRESH_PATH });
      } catch {
        return false;
      }
      if (raw.ok) {
        refreshGeneration += 1;
        const data = (raw.payload as { data?: { expires_at?: string | number | null } } | undefined)?.data;
        options.onSessionRefreshed?.(data?.expires_at ?? null);
        return true;
      }
      options.onRefreshFailed?.();
      return false;
    })().finally(() => {
      refreshPending = null;
    });
    return refreshPending;
  };

  const mayRefresh = (request: ApiRequest): boolean =>
    !request.skipSessionRefresh && !NO_REFRESH.test(withApiPrefix(request.path)) && (request.sessionRequired === true || !isPublicPath(currentPath()));

  return {
    async request<T>(request: ApiRequest): Promise<ApiResponse<T>> {
      const generation = refreshGeneration;
      let raw = await sendWithCsrf(request);
      if (raw.status === 401 && mayRefresh(request)) {
        const refreshed = generation !== refreshGeneration || (await refreshSession());
        if (refreshed) raw = await sendWithCsrf(request);
      }
      if (!raw.ok) throw new ApiError(raw.status, toErrorBody(raw.status, raw.payload));
      const headers = raw.headers;
      return { status: raw.status, data: raw.payload as T, header: (name) => headers.get(name) };
    },
    resetSessionState() {
      csrfToken = null;
      minPosition = null;
    },
  };
};
