/**
 * The API port: what features need from the server, independent of transport. The HTTP adapter
 * (http-adapter.ts) implements it; tests pass their own fakes.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  readonly method: HttpMethod;
  /** Relative paths get the /api/v1 prefix when it is absent. */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Set for calls whose 401 is an answer, not a stale session (login, refresh...). */
  readonly skipSessionRefresh?: boolean;
  /**
   * Set for calls that only a signed-in user makes (reserve, quote, favourite) from public pages: their
   * 401 means a stale session, so it is refreshed as on a private page.
   */
  readonly sessionRequired?: boolean;
}

export interface ApiResponse<T> {
  readonly status: number;
  readonly data: T;
  header(name: string): string | null;
}

/** A multipart upload: the form's fields and files, with the bytes sent so far for a real progress bar. */
export interface UploadRequest {
  readonly path: string;
  readonly form: FormData;
  readonly onProgress?: (sent: number, total: number) => void;
  /** Aborting cancels the upload (the promise rejects with an AbortError). */
  readonly signal?: AbortSignal;
}

export interface ApiPort {
  request<T>(request: ApiRequest): Promise<ApiResponse<T>>;
  /** POST multipart/form-data with the same CSRF, refresh and error handling as `request`. */
  upload<T>(request: UploadRequest): Promise<ApiResponse<T>>;
  /** Forget per-session state (CSRF token, read-your-writes position) after login or logout. */
  resetSessionState(): void;
}
