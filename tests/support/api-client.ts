/**
 * A tiny HTTP client for API tests: real fetch against the started app, a cookie jar, and the CSRF
 * dance of a browser (fetch the token, send it on unsafe methods, pick up rotated tokens).
 */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Read-your-writes: a read sent with these headers waits until the read models reached the write `res` answered. */
export const at = (res: { headers: Headers }) => ({ 'x-min-position': res.headers.get('x-event-position') ?? '0' });

export class ApiClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | null = null;
  bearer: string | null = null;

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  dropCookie(name: string): void {
    this.cookies.delete(name);
  }

  /** The Cookie header a browser would send now (load generators reuse the session this client signed in). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async csrf(): Promise<string> {
    const res = await this.raw('GET', '/api/v1/csrf/token');
    this.csrfToken = res.body.csrfToken;
    return this.csrfToken!;
  }

  get<T = any>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('POST', path, body, headers);
  }
  put<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('PUT', path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('PATCH', path, body, headers);
  }
  delete<T = any>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  /** Sends the CSRF token on unsafe methods unless `x-csrf-token` is given (or set to '' to omit it). */
  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const unsafe = method !== 'GET' && method !== 'HEAD';
    const extra: Record<string, string> = { ...headers };
    if (unsafe && !('x-csrf-token' in extra) && !this.bearer) extra['x-csrf-token'] = this.csrfToken ?? (await this.csrf());
    if (extra['x-csrf-token'] === '') delete extra['x-csrf-token'];
    return this.raw(method, path, body, extra);
  }

  /** A GET whose answer is a file (templates, documents): the bytes as sent. */
  async bytes(path: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const res = await fetch(`${this.baseUrl}${path}`, { headers });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  }

  /** A multipart POST (uploads) with the CSRF token, as a browser's FormData sends it. */
  async upload<T = any>(
    path: string,
    fields: Record<string, string>,
    file?: { name: string; type: string; bytes: Buffer | Uint8Array },
  ): Promise<ApiResponse<T>> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const extra: Record<string, string> = this.bearer ? {} : { 'x-csrf-token': this.csrfToken ?? (await this.csrf()) };
    return this.raw('POST', path, undefined, extra, form);
  }

  /** A multipart POST with several files in field `file` and fields that may repeat (arrays). */
  async uploadMany<T = any>(
    path: string,
    fields: Record<string, string | string[]>,
    files: { name: string; type: string; bytes: Buffer | Uint8Array }[],
  ): Promise<ApiResponse<T>> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) form.append(k, value);
    for (const file of files) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const extra: Record<string, string> = this.bearer ? {} : { 'x-csrf-token': this.csrfToken ?? (await this.csrf()) };
    return this.raw('POST', path, undefined, extra, form);
  }

  async raw<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, rawBody?: string | FormData): Promise<ApiResponse<T>> {
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.bearer && !h.authorization) h.authorization = `Bearer ${this.bearer}`;
    let payload: string | FormData | undefined = rawBody;
    if (body !== undefined && rawBody === undefined) {
      payload = JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const rotated = res.headers.get('x-csrf-token');
    if (rotated) this.csrfToken = rotated;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  async login(email: string, password = 'Demo2026!', rememberMe = false): Promise<ApiResponse> {
    const res = await this.post('/api/v1/auth/cookie/login', { email, password, rememberMe });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }
}
