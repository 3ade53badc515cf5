import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import { JsonText } from '../../kernel/ports/json-text';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ZodError } from 'zod';
import { hasPermission } from '../../domain/access/permissions';
import { isDomainError } from '../../domain/shared/errors';
import type { ErrorCode } from '../../domain/shared/error-catalogue';
import { StaleRevisionError } from '../../kernel/command-handling/handle-command';
import { WrongExpectedRevisionError } from '../../kernel/ports/event-store';
import { sha256 } from '../../application/accounts/one-time-token';
import { storageFault } from '../storage-faults';
import { allowedMethods } from './allowed-methods';
import { authenticate } from './authenticate';
import type { HttpDeps } from './deps';
import { ApiError, clientMistake, errorBody, fieldErrorsFromZod, statusOf } from './errors';
import { buildOpenApi } from './openapi';
import type { RouteDef } from './route';
import { adminRoutes } from './routes/admin.routes';
import { auditRoutes } from './routes/audit.routes';
import { reservationDeskRoutes } from './routes/reservation-desk.routes';
import { authRoutes } from './routes/auth.routes';
import { SESSION_COOKIE } from './routes/sign-in';
import { catalogRoutes } from './routes/catalog.routes';
import { catalogAdminRoutes } from './routes/catalog-admin.routes';
import { favoritesAndLeadsRoutes } from './routes/favorites-leads.routes';
import { leadsRoutes } from './routes/leads.routes';
import { analyticsRoutes } from './routes/analytics.routes';
import { alertsRoutes } from './routes/alerts.routes';
import { contentRoutes } from './routes/content.routes';
import { campaignsRoutes } from './routes/campaigns.routes';
import { companyRegistrationsRoutes } from './routes/company-registrations.routes';
import { companiesRoutes } from './routes/companies.routes';
import { emailRoutes, emailTrackingRoutes } from './routes/email.routes';
import { emailTemplatesRoutes } from './routes/email-templates.routes';
import { notificationsRoutes } from './routes/notifications.routes';
import { notificationPreferencesRoutes } from './routes/notification-preferences.routes';
import { financialParametersRoutes } from './routes/financial-parameters.routes';
import { localOriginOf } from './request-origin';
import { serveDiscoveryFiles } from './discovery';
import { compressAnswers } from './compress-answers';
import { securityHeaders } from './security-headers';
import { serverTiming } from './server-timing';
import { requestLog } from './request-log';
import { metricsRoute, type PlatformMetrics } from '../observability/metrics';
import type { Logger } from '../logging/logger';
import { serveWebApp } from './static-assets';
import { financingRoutes } from './routes/financing.routes';
import { paymentsRoutes } from './routes/payments.routes';
import { personalDataRoutes } from './routes/personal-data.routes';
import { quotesRoutes } from './routes/quotes.routes';
import { reservationsRoutes } from './routes/reservations.routes';
import { usersRoutes } from './routes/users.routes';
import { RateLimited } from './security/login-rate-limit';

export const API_PREFIX = '/api/v1';
const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

export const allRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  ...authRoutes(deps),
  ...usersRoutes(deps),
  ...adminRoutes(deps),
  ...catalogRoutes(deps),
  ...catalogAdminRoutes(deps),
  ...financingRoutes(deps),
  ...quotesRoutes(deps),
  ...favoritesAndLeadsRoutes(deps),
  ...leadsRoutes(deps),
  ...analyticsRoutes(deps),
  ...alertsRoutes(deps),
  ...contentRoutes(deps),
  ...campaignsRoutes(deps),
  ...companyRegistrationsRoutes(deps),
  ...companiesRoutes(deps),
  ...notificationsRoutes(deps),
  ...emailRoutes(deps),
  ...emailTemplatesRoutes(deps),
  ...emailTrackingRoutes(deps),
  ...notificationPreferencesRoutes(deps),
  ...financialParametersRoutes(deps),
  ...reservationsRoutes(deps),
  ...paymentsRoutes(deps),
  ...personalDataRoutes(deps),
  ...auditRoutes(deps),
  ...reservationDeskRoutes(deps),
];

const sendError = (res: Response, code: ErrorCode, fieldErrors: Parameters<typeof errorBody>[1] = [], status = statusOf(code)) =>
  res.status(status).json(errorBody(code, fieldErrors));

/** `reservations` for `/reservations/:id/payment/return`. */
const firstSegment = (path: string): string => {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
};

export const createHttpApp = (
  deps: HttpDeps,
  options: { webDist?: string; log?: (msg: string, err?: unknown) => void; logger?: Logger; metrics?: PlatformMetrics; requestTracing?: RequestHandler } = {},
) => {
  const log = options.log ?? (() => undefined);
  const app = express();
  if (options.logger) app.use(requestLog(options.logger));
  if (options.metrics) {
    app.use(options.metrics.requests);
    app.get('/metrics', metricsRoute(options.metrics, deps.config.metrics ?? {}));
  }
  app.disable('x-powered-by');
  // No automatic ETag (a SHA-1 of every answer): the API's ETags are the streams' revisions, set by the routes
  // that take If-Match, and its answers are never cached (no-store); static files send their own.
  app.set('etag', false);
  // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY; otherwise req.ip is the socket's
  // address, so a client cannot pick the address its sign-in failures are counted under.
  app.set('trust proxy', deps.config.trustProxy === false ? false : [...deps.config.trustProxy]);
  // First, so the request's span is the parent of everything the request does (adapters/observability/tracing.ts).
  if (options.requestTracing) app.use(options.requestTracing);
  app.use(serverTiming);
  app.use(compressAnswers());
  app.use(
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          // The buyer's browser posts token_ws to Webpay's own pages (PAYMENT_GATEWAY=webpay).
          'form-action': ["'self'", 'https://webpay3gint.transbank.cl', 'https://webpay3g.transbank.cl'],
          'upgrade-insecure-requests': null,
        },
      },
      strictTransportSecurity: deps.config.session.secureCookies,
    }),
  );
  // API answers are personal and change with every command: never stored by a browser or proxy. Our ETags are
  // concurrency tokens of one stream (sent back in If-Match), not validators of the whole answer: a user's detail
  // keeps its roles revision when the account is disabled, so a 304 to If-None-Match would show it still active.
  app.use(API_PREFIX, (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    // Kept apart for the one answer whose ETag does validate all of it (GET /notifications/mine, polled).
    res.locals.ifNoneMatch = req.headers['if-none-match'];
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];
    next();
  });
  // Before the body is read: a method the resource does not serve is refused whatever it carries.
  const routes = allRoutes(deps);
  app.use(
    API_PREFIX,
    allowedMethods(routes, (res) => sendError(res, 'METHOD_NOT_ALLOWED')),
  );
  app.use(API_PREFIX, express.json({ limit: deps.config.bodyLimit, type: ['application/json', 'application/*+json'] }));
  // The payment gateway's pages post forms (Webpay Plus: token_ws), to the sandbox pages and to the return URL.
  app.use([`${API_PREFIX}/payments`, `${API_PREFIX}/reservations/:id/payment/return`], express.urlencoded({ extended: false, limit: deps.config.bodyLimit }));
  app.use(cookieParser());

  const unprefixed = routes.filter((r) => r.unprefixed).map((r) => r.path);
  if (unprefixed.length) app.use(unprefixed, express.json({ limit: deps.config.bodyLimit, type: ['application/json', 'application/*+json'] }));
  const openApi = buildOpenApi(routes, API_PREFIX);
  app.get(`${API_PREFIX}/openapi.json`, (_req, res) => res.json(openApi));

  // One router per first path segment (`/reservations/...`), chosen by a map lookup: walking the 180 routes in
  // order, each tried by its path matcher, was ~6% of a reservation's CPU.
  const bySegment = new Map<string, express.Router>();
  const routerFor = (path: string) => {
    const segment = firstSegment(path);
    let router = bySegment.get(segment);
    if (!router) bySegment.set(segment, (router = express.Router()));
    return router;
  };
  app.use(API_PREFIX, (req, res, next) => {
    const router = bySegment.get(firstSegment(req.path).toLowerCase());
    if (router) router(req, res, next);
    else next();
  });
  for (const def of routes) {
    const prefixedPath = `${API_PREFIX}${def.path}`;
    const handler = async (req: Request, res: Response) => {
      // The route's pattern, for the request's log line and its metrics (request-log.ts).
      res.locals.route = req.baseUrl ? prefixedPath : def.path;
      // Distributed mode listens (for its health check) before the read models caught up: nothing half-built is served.
      if (!deps.readiness.isReady && !def.servedWhileStarting) {
        res.setHeader('Retry-After', '1');
        return sendError(res, 'SERVICE_STARTING');
      }
      const { auth, failure } = await authenticate(deps, req, res, !def.keepsSessionIdle);
      if (def.access !== 'public') {
        if (!auth) return sendError(res, failure ?? 'SESSION_EXPIRED', [], 401);
        if (def.access !== 'authenticated' && !hasPermission(auth.principal.roles, def.access))
          return sendError(res, UNSAFE.has(def.method) ? 'INSUFFICIENT_PERMISSIONS' : 'FORBIDDEN');
      }
      const csrfExempt = typeof def.csrfExempt === 'function' ? def.csrfExempt(req) : def.csrfExempt;
      if (UNSAFE.has(def.method) && !csrfExempt && auth?.via !== 'bearer') {
        const sid = req.cookies?.[SESSION_COOKIE];
        if (!deps.csrf.verify(req, sid ? sha256(sid) : 'anon')) return sendError(res, 'CSRF_TOKEN_INVALID');
      }
      const body = def.body ? def.body.parse(req.body ?? undefined, { reportInput: true }) : undefined;
      const { minPosition, ...rawQuery } = req.query as Record<string, unknown>;
      const query = def.query ? def.query.parse(rawQuery, { reportInput: true }) : undefined;
      await waitForReadModels(deps, req, res, minPosition);
      const correlationId = req.get('x-correlation-id');
      const meta = {
        now: deps.clock.now(),
        actorId: auth?.principal.user.userId ?? 'anonymous',
        actorRoles: auth ? [...auth.principal.roles] : [],
        correlationId: correlationId && /^[A-Za-z0-9-]{8,64}$/.test(correlationId) ? correlationId : randomUUID(),
        origin: deps.config.publicUrlGiven ? undefined : localOriginOf(req),
      };
      const result = await def.handler({ req, res, body, query, params: req.params as Record<string, string>, auth, meta });
      if (!res.headersSent && deps.config.checkResponses && def.response && res.statusCode < 300) {
        const checked = def.response.safeParse(JSON.parse(JSON.stringify(result ?? null)));
        if (!checked.success)
          throw new Error(`${def.method.toUpperCase()} ${def.path}: the answer breaks its contract: ${JSON.stringify(checked.error.issues)}`);
      }
      if (res.headersSent) return;
      // An answer kept as JSON text goes as it is (JsonText); `type` gives it the charset res.json would.
      if (result instanceof JsonText) res.type('json').send(result.text);
      else res.json(result);
    };
    routerFor(def.path)[def.method](def.path, handler);
    if (def.unprefixed) app[def.method](def.path, handler);
  }

  app.use(API_PREFIX, (_req, res) => sendError(res, 'NOT_FOUND'));
  // Pictures and floor plans (DATA_DIR/files): only the catalogue's areas are public (the seed's and the
  // uploads'); registration documents and imports are served by their routes to those who may read them.
  for (const area of ['catalog', 'projects'])
    app.use(
      `/files/${area}`,
      express.static(path.join(deps.config.dataDir, 'files', area), {
        index: false,
        dotfiles: 'deny',
        cacheControl: false,
        setHeaders: (res, file) => {
          res.setHeader('Cache-Control', neverChanges(area, path.basename(file)) ? FOR_GOOD : BRIEFLY);
          res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox");
          res.setHeader('X-Content-Type-Options', 'nosniff');
        },
      }),
    );
  app.use('/files', (_req, res) => sendError(res, 'NOT_FOUND'));
  serveDiscoveryFiles(app, deps);
  serveWebApp(app, options.webDist, { map: deps.config.map }, log);
  // What the SPA does not answer (a POST or DELETE to a web path): the error object, never Express's English page.
  app.use((req, res) => {
    if (req.accepts(['json', 'html']) === 'html') return res.status(404).type('html').send(NOT_FOUND_PAGE);
    return sendError(res, 'NOT_FOUND');
  });

  // Express 5 forwards rejected promises here. The user's mistakes are 4xx; only our faults are 500.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return;
    if (error instanceof ZodError) return sendError(res, 'VALIDATION_FAILED', fieldErrorsFromZod(error));
    if (error instanceof RateLimited) {
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      return sendError(res, error.code);
    }
    if (error instanceof ApiError) return sendError(res, error.code, error.fieldErrors, error.status);
    if (isDomainError(error)) return sendError(res, error.code, error.fieldErrors);
    if (error instanceof StaleRevisionError) return sendError(res, 'PRECONDITION_FAILED');
    if (error instanceof WrongExpectedRevisionError) return sendError(res, 'CONCURRENT_MODIFICATION');
    // The disk is full or read-only: nothing was written, the caller may retry later; readiness says so meanwhile.
    const fault = storageFault(error);
    if (fault) {
      deps.storage.failed(fault);
      res.setHeader('Retry-After', '60');
      return sendError(res, 'STORAGE_UNAVAILABLE');
    }
    // A malformed path or body is the caller's mistake: answered, not logged.
    const mistake = clientMistake(error);
    if (mistake) return sendError(res, mistake.code, mistake.fieldErrors);
    // With a request log, the request's own line carries the error (and the request id the client was given).
    if (options.logger) res.err = error as Error;
    else log('unexpected error', error);
    return sendError(res, 'SERVER_ERROR');
  });
  return app;
};

const FOR_GOOD = 'public, max-age=31536000, immutable';
const BRIEFLY = 'public, max-age=3600';
/** The seed's pictures are named by their content's hash (`cover.3f2a9c01d4e5.svg`, adapters/seed/demo-catalogue.ts). */
const CONTENT_HASHED = /\.[0-9a-f]{12}\.svg$/;

/**
 * Whether a picture's URL always answers the same bytes, so a browser may keep it for a year without asking again:
 * uploads get a new generated name each (never reused, a replaced picture is a new file), the seed's pictures carry
 * their content's hash. Pictures of the seed before it hashed them keep their plain names and a short lifetime.
 */
const neverChanges = (area: string, name: string): boolean => area === 'catalog' || CONTENT_HASHED.test(name);

const NOT_FOUND_PAGE = `<!doctype html><html lang="es-CL"><head><meta charset="utf-8"><title>Página no encontrada</title></head>
<body><h1>Página no encontrada</h1><p>${errorBody('NOT_FOUND').message}</p><p><a href="/">Volver al inicio</a></p></body></html>`;

/** Read-your-writes: a query may say which global position it must see; we wait, bounded, for it. */
const waitForReadModels = async (deps: HttpDeps, req: Request, res: Response, minPositionQuery: unknown) => {
  const raw = req.get('x-min-position') ?? (typeof minPositionQuery === 'string' ? minPositionQuery : undefined);
  if (req.method !== 'GET' || raw === undefined) return;
  const wanted = Number(raw);
  if (!Number.isSafeInteger(wanted) || wanted < 0) throw new ApiError('VALIDATION_FAILED', [{ field: 'minPosition', code: 'INVALID_VALUE' }]);
  const reached = await deps.projectionsReached(wanted, deps.config.readYourWritesTimeoutMs);
  res.setHeader('X-Read-Position', String(deps.projections.position()));
  if (!reached) res.setHeader('X-Read-Stale', 'true');
};
