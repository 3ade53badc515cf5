/** A scripted fetch for the HTTP adapter: records every call and answers with real Response objects. */
export interface RecordedCall {
  readonly url: string;
  readonly path: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly credentials: RequestInit['credentials'];
}

export type FetchScript = (call: RecordedCall, calls: readonly RecordedCall[]) => Response | Promise<Response>;

export const json = (status: number, body?: unknown, headers: Record<string, string> = {}): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export function fakeFetch(script: FetchScript) {
  const calls: RecordedCall[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const parsed = new URL(url, 'http://app.test');
    const call: RecordedCall = {
      url,
      path: parsed.pathname,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    return script(call, calls);
  };
  const count = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length;
  return { fetch, calls, count };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
