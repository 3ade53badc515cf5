import http from 'node:http';
import type { ApiClient } from '../support/api-client';

export interface LeanResponse {
  readonly status: number;
  readonly body: string;
  readonly headers: http.IncomingHttpHeaders;
}

/** The whole body of an answer, as text. */
const readAnswer = (res: http.IncomingMessage, resolve: (answer: LeanResponse) => void, reject: (error: Error) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
  res.on('error', reject);
};

/**
 * A signed-in user (a buyer, an administrator) as a load generator sends it: one kept-alive connection of node:http, the session's
 * cookie and CSRF token taken from an ApiClient that signed in. fetch (undici's WHATWG layer) cost ~1 ms of
 * CPU per request on this 2-core machine, CPU the server under test then lacked; this costs a fraction.
 */
export class LeanUser {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly url: URL;

  private constructor(
    baseUrl: string,
    private readonly cookie: string,
    private csrfToken: string,
  ) {
    this.url = new URL(baseUrl);
  }

  static async of(client: ApiClient): Promise<LeanUser> {
    return new LeanUser(client.baseUrl, client.cookieHeader(), await client.csrf());
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<LeanResponse> {
    return this.request('POST', path, body, headers);
  }

  put(path: string, body: unknown, headers: Record<string, string> = {}): Promise<LeanResponse> {
    return this.request('PUT', path, body, headers);
  }

  get(path: string, headers: Record<string, string> = {}): Promise<LeanResponse> {
    return this.request('GET', path, undefined, headers);
  }

  /** A JSON request with the session's cookie (and CSRF token when it writes); resolves once the whole body has arrived. */
  private request(method: string, path: string, body: unknown, extra: Record<string, string>): Promise<LeanResponse> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.url.hostname,
          port: this.url.port,
          path,
          method,
          agent: this.agent,
          headers: {
            accept: 'application/json',
            cookie: this.cookie,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'x-csrf-token': this.csrfToken }),
            ...extra,
          },
        },
        (res) => {
          const rotated = res.headers['x-csrf-token'];
          if (typeof rotated === 'string') this.csrfToken = rotated;
          readAnswer(res, resolve, reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * An anonymous reader (the public catalogue, the health check) on one kept-alive node:http connection. Timing
 * sequential GETs through fetch added its client work to the server's own: on this 2-core machine the catalogue's
 * Server-Timing read ~0.5 ms more per request with fetch than with this client, the same server and data.
 */
export class LeanReader {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly url: URL;

  constructor(baseUrl: string) {
    this.url = new URL(baseUrl);
  }

  /** Resolves once the whole body has arrived. */
  get(path: string): Promise<LeanResponse> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: this.url.hostname, port: this.url.port, path, agent: this.agent, headers: { accept: 'application/json' } }, (res) =>
        readAnswer(res, resolve, reject),
      );
      req.on('error', reject);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
