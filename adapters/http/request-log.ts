import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logging/logger';

/** A request id a client or proxy may give: short, and nothing that could break a log line or a header. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** What a request's log line and its metrics call it: the route's pattern, never the path a client sent. */
export const routeLabel = (req: IncomingMessage, res: ServerResponse): string => {
  const route = (res as Response).locals?.route as string | undefined;
  if (route) return route;
  // Not one of the API's routes: a static file, the web app, a 404. Its path could hold anything a client typed.
  const url = req.url ?? '';
  return url.startsWith('/api/') ? 'api (no route)' : url.startsWith('/files/') ? 'files' : 'web';
};

/**
 * One JSON line per request when its answer is sent (pino-http): method, the route's pattern (`route`), status,
 * duration in ms and the request id: taken from `X-Request-Id` when it looks like one, generated otherwise, and
 * sent back in the answer's `X-Request-Id`. Nothing else of the request is logged: no URL (queries carry emails and
 * RUTs: `/users?search=`), no headers (cookies, tokens), no body. `req.log` is the request's logger (its lines carry
 * the request id: the error handler's).
 */
export const requestLog = (logger: Logger) =>
  pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage) => ({ method: req.method }),
      res: (res: ServerResponse) => ({ status: res.statusCode }),
      err: pinoHttpErr,
    },
    customSuccessObject: (req, res, line) => ({ ...line, route: routeLabel(req, res) }),
    customErrorObject: (req, res, _error, line) => ({ ...line, route: routeLabel(req, res) }),
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
  });

/** An error of a request: its type and message and stack, as pino's own serializer gives them. */
const pinoHttpErr = (error: unknown) => {
  const e = error as Error;
  return { type: e?.name, message: e?.message, stack: e?.stack };
};
