import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { CALENDAR_DATE_MESSAGE, isCalendarDate } from '../../../domain/shared/calendar-date';
import { chileDayStart, nextCalendarDay } from '../../../domain/shared/chile-day';
import { route, type RouteDef } from '../route';
import { emailEndpoints } from '../../../contract/endpoints/email';
import { etag, eventPosition, parseIfMatch, pathId } from './route-helpers';

const DATE = /^\d{4}-\d{2}-\d{2}/;

/** `to` is the recipient when it holds an address and the end of the date range when it is a date (contract/email.ts). */
const splitTo = (to: string | string[] | undefined): { recipient?: string; until?: string } => {
  const values = to === undefined ? [] : Array.isArray(to) ? to : [to];
  const until = values.find((v) => DATE.test(v));
  const recipient = values.find((v) => !DATE.test(v));
  if (until !== undefined && !isCalendarDate(until))
    throw new ApiError('VALIDATION_FAILED', [{ field: 'to', code: 'INVALID_DATE', message: CALENDAR_DATE_MESSAGE }]);
  return { ...(recipient ? { recipient } : {}), ...(until ? { until } : {}) };
};

/** The instants a range of Chile's calendar days covers: from its first day's start to just before the day after its last. */
const chileInstants = (from: string | undefined, until: string | undefined): { from?: string; until?: string } => ({
  ...(from ? { from: chileDayStart(from) } : {}),
  ...(until ? { until: new Date(Date.parse(chileDayStart(nextCalendarDay(until))) - 1).toISOString() } : {}),
});

/** Email administration (spec §2, §3 Email config, §4 email history, §5 rules): admins only. */
export const emailRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(emailEndpoints.getEmailSettings, {
    summary: 'The SMTP relay and delivery settings in force (the password is never answered: hasPassword says whether one is stored); ETag = revision',
    tag: 'email',
    access: 'email:manage',
    handler: async ({ res }) => {
      const { revision, ...settings } = await deps.email.view();
      res.setHeader('ETag', etag(revision));
      return settings;
    },
  }),
  route(emailEndpoints.putEmailSettings, {
    summary:
      'Change the SMTP and/or delivery settings (the body GET answers, plus an optional `password`); they apply to the next delivery, without a restart. If-Match optional (412 when stale)',
    tag: 'email',
    access: 'email:manage',
    responses: { 412: 'PRECONDITION_FAILED' },
    handler: async ({ body, req, res, meta }) => {
      const { hasPassword: _ignored, ...smtp } = body.smtp ?? { hasPassword: undefined };
      const result = await deps.email.change(
        { smtp: body.smtp ? (smtp as Required<typeof body>['smtp']) : undefined, delivery: body.delivery },
        meta,
        parseIfMatch(req.header('if-match')),
      );
      eventPosition(res, result.position);
      const { revision, ...settings } = await deps.email.view();
      res.setHeader('ETag', etag(revision));
      return settings;
    },
  }),
  route(emailEndpoints.postEmailTestConnection, {
    summary:
      'Connect and authenticate to the relay in force without sending (422 SMTP_CONNECTION_FAILED with a Spanish reason: address not allowed, credentials refused, or no connection)',
    tag: 'email',
    access: 'email:manage',
    responses: { 422: 'SMTP_CONNECTION_FAILED' },
    handler: async () => {
      await deps.email.testConnection();
      return { ok: true as const };
    },
  }),
  route(emailEndpoints.postEmailTest, {
    summary: 'Send a test email to `to` now (it shows in the history); 422 TEST_EMAIL_FAILED with a Spanish reason',
    tag: 'email',
    access: 'email:manage',
    responses: { 422: 'TEST_EMAIL_FAILED' },
    handler: async ({ body, meta }) => {
      const sent = await deps.email.sendTest(body.to, meta);
      return { sent: true, messageId: sent.messageId };
    },
  }),
  route(emailEndpoints.getEmailHistory, {
    summary: 'Email history, newest first: filters status, template, to (recipient, or the end date), from, until; paginated',
    tag: 'email',
    access: 'email:manage',
    handler: async ({ query }) => {
      const { to, recipient, until, from, status, template, page, perPage } = query;
      const split = splitTo(to);
      const { items, total } = await deps.email.history({
        status,
        template,
        recipient: recipient ?? split.recipient,
        ...chileInstants(from, until ?? split.until),
        page,
        perPage,
      });
      return {
        items: items.map((m) => ({
          id: m._id,
          template: m.template,
          to: m.to,
          subject: m.subject,
          status: m.status,
          attempts: m.attempts,
          queuedAt: m.queuedAt,
          sentAt: m.sentAt,
          nextAttemptAt: m.status === 'retrying' || m.status === 'queued' ? m.dueAt : null,
          lastError: m.lastError,
        })),
        total,
        page,
        perPage,
      };
    },
  }),
  route(emailEndpoints.postEmailHistoryByIdRetry, {
    summary: 'Retry one failed mail (or one waiting for its next attempt) now',
    tag: 'email',
    access: 'email:manage',
    responses: { 404: 'NOT_FOUND', 422: 'BUSINESS_RULE_VIOLATION (already delivered)' },
    handler: async ({ params, res, meta }) => {
      const id = pathId(params);
      const result = await deps.email.retry(id, meta);
      eventPosition(res, result.position);
      return { id, status: result.status };
    },
  }),
  route(emailEndpoints.postEmailRetryFailed, {
    summary: 'Retry now every mail not yet delivered: failed, or waiting for its next attempt',
    tag: 'email',
    access: 'email:manage',
    handler: async ({ res, meta }) => {
      const result = await deps.email.retryAll(meta);
      if (result.position) eventPosition(res, result.position);
      return { retried: result.retried };
    },
  }),
  route(emailEndpoints.getEmailAnalytics, {
    summary: 'Mails by status and by template within the retention period of the delivery settings',
    tag: 'email',
    access: 'email:manage',
    handler: async () => {
      const analytics = await deps.email.analytics();
      if (!analytics) throw new ApiError('NOT_FOUND');
      return analytics;
    },
  }),
];

/** A transparent 1x1 GIF: the open pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Tracking (delivery settings: opens and clicks, when on): public, like the mail they are in. */
export const emailTrackingRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(emailEndpoints.getEmailOById, {
    summary: 'The open pixel of a tracked mail: records MailOpened once and answers a 1x1 GIF',
    tag: 'email',
    access: 'public',
    produces: 'image/gif',
    responses: { 200: 'image/gif' },
    handler: async ({ params, res }) => {
      const id = String(params.id ?? '');
      if (/^[0-9a-f-]{36}$/.test(id)) await deps.email.recordOpen(id).catch(() => undefined);
      res.setHeader('Content-Type', 'image/gif');
      res.setHeader('Cache-Control', 'no-store');
      res.end(PIXEL);
      return undefined;
    },
  }),
  route(emailEndpoints.getEmailCById, {
    summary: 'A tracked link: records MailClicked and redirects to its target, only when the link is signed by the platform (404 otherwise)',
    tag: 'email',
    access: 'public',
    produces: 'redirect',
    responses: { 302: 'Redirect to the link', 404: 'NOT_FOUND' },
    handler: async ({ params, query, res }) => {
      const id = String(params.id ?? '');
      const target = /^[0-9a-f-]{36}$/.test(id) ? deps.emailTracking.target(id, query.u, query.s) : null;
      if (!target) throw new ApiError('NOT_FOUND');
      await deps.email.recordClick(id, target).catch(() => undefined);
      res.redirect(302, target);
      return undefined;
    },
  }),
];
