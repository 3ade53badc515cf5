import { API_PREFIX, NETWORK_TIMEOUT_MS } from '../config/constants';
import { isPublicPath } from '../auth/public-paths';
import { ApiError, networkTimeoutError, networkUnavailableError, toErrorBody } from './errors';
import type { ApiPort, ApiRequest, UploadRequest, ApiResponse, HttpMethod } from './port';

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

/** The part of XMLHttpRequest an upload uses (declared here: the server's type-check has no DOM library). */
interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  getAllResponseHeaders(): string;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

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

  const send = async (
    method: HttpMethod,
    path: string,
    init: { query?: ApiRequest['query']; body?: unknown; headers?: Record<string, string> },
  ): Promise<RawResponse> => {
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

  /**
   * One multipart POST through XMLHttpRequest, whose upload events give real progress (fetch has none);
   * where there is no XHR (tests in Node), through fetch without progress.
   */
  const sendForm = (path: string, form: FormData, csrf: string, onProgress?: UploadRequest['onProgress'], signal?: AbortSignal): Promise<RawResponse> => {
    const url = `${origin}${withApiPrefix(path)}`;
    const Xhr = (globalThis as { XMLHttpRequest?: new () => XhrLike }).XMLHttpRequest;
    if (!Xhr)
      return options
        .fetch(url, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json', [CSRF_HEADER]: csrf }, body: form, signal })
        .then(async (response) => ({
          status: response.status,
          ok: response.ok,
          headers: response.headers,
          payload: parsePayload(await response.text(), response.headers.get('Content-Type')),
        }));
    return new Promise((resolve, reject) => {
      const xhr = new Xhr();
      xhr.open('POST', url);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader(CSRF_HEADER, csrf);
      xhr.upload.onprogress = (event: { loaded: number; total: number; lengthComputable: boolean }) =>
        onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        const position = headers.get(EVENT_POSITION_HEADER);
        if (position) minPosition = laterPosition(minPosition, position.trim());
        resolve({
          status: xhr.status,
          ok: xhr.status >= 200 && xhr.status < 300,
          headers,
          payload: parsePayload(xhr.responseText, headers.get('Content-Type')),
        });
      };
      xhr.onerror = () => reject(networkUnavailableError());
      xhr.onabort = () => reject(new DOMException('Carga cancelada', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      if (signal?.aborted) return xhr.abort();
      xhr.send(form);
    });
  };

  const uploadWithCsrf = async ({ path, form, onProgress, signal }: UploadRequest): Promise<RawResponse> => {
    const first = await sendForm(path, form, csrfToken ?? (await fetchCsrfToken()), onProgress, signal);
    if (first.status !== 419) return first;
    csrfToken = null;
    return sendForm(path, form, await fetchCsrfToken(), onProgress, signal);
  };

  return {
    async upload<T>(request: UploadRequest): Promise<ApiResponse<T>> {
      const generation = refreshGeneration;
      let raw = await uploadWithCsrf(request);
      if (raw.status === 401 && mayRefresh({ method: 'POST', path: request.path })) {
        const refreshed = generation !== refreshGeneration || (await refreshSession());
        if (refreshed) raw = await uploadWithCsrf(request);
      }
      if (!raw.ok) throw new ApiError(raw.status, toErrorBody(raw.status, raw.payload));
      const headers = raw.headers;
      return { status: raw.status, data: raw.payload as T, header: (name) => headers.get(name) };
    },
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
