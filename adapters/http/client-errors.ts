import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from './errors';

/** Node's parser refusals that are the caller's doing, with the error code we answer them with. */
const ANSWERS: Readonly<Record<string, { status: number; code: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'REQUEST_HEADERS_TOO_LARGE' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'VALIDATION_FAILED' },
};

/**
 * Node answers a request it cannot parse (headers or URL over `maxHeaderSize`, broken HTTP) itself,
 * before Express sees it: an empty 431 or 400. This writes the spec's error object instead, so every
 * client, the web app included, reads a Spanish message whatever went wrong.
 */
export const answerClientErrors = (server: Server): void => {
  keepConnections(server);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Nothing to answer on a connection the client already dropped, or mid-answer.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const known = error.code && Object.hasOwn(ANSWERS, error.code) ? ANSWERS[error.code] : undefined;
    const { status, code } = known ?? { status: 400, code: 'VALIDATION_FAILED' };
    const body = JSON.stringify(errorBody(code));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
};

/**
 * Keep-alive long enough that a client (or a proxy) never races the server's close of an idle connection:
 * Node's default 5 s sits beside clients' own 4-5 s idle timeouts, so a request sent as the server closes
 * fails or waits for a new connection. Clients read `Keep-Alive: timeout=65` and idle out first. Headers
 * must still arrive within headersTimeout, which Node requires to exceed keepAliveTimeout.
 */
const keepConnections = (server: Server): void => {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.maxRequestsPerSocket = 0;
};
