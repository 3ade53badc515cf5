import fs from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import { metricsRoute, type PlatformMetrics } from '../../adapters/observability/metrics';
import { createBuyers, payAtSandbox, signedIn } from '../support/buyers';
import { distributedTests } from '../support/distributed-env';
import { startTestApp, type TestApp } from '../support/test-app';

/** GET /metrics: Prometheus figures for a reservation burst, only to the addresses or the token an operator allows. */
let app: TestApp;
beforeAll(async () => {
  // One wrong password puts the account behind the throttle's delay: the next attempt is answered 429.
  app = await startTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '1' });
}, 60_000);
afterAll(() => app.stop());

const sample = (text: string, line: RegExp): number => {
  const match = text.split('\n').find((l) => line.test(l));
  if (!match) throw new Error(`no sample ${line} in:\n${text.slice(0, 2000)}`);
  return Number(match.split(' ').pop());
};

describe('GET /metrics', () => {
  it('after a burst of reservations: requests, appends, projection lag, holds, outbox, sign-in failures, Kafka, process and GC', async () => {
    const guesser = app.client();
    await guesser.csrf();
    const wrong = { email: 'nadie@ejemplo.cl', password: 'incorrecta-123', rememberMe: false };
    expect((await guesser.post('/api/v1/auth/cookie/login', wrong)).status).toBe(401);
    expect((await guesser.post('/api/v1/auth/cookie/login', wrong)).status).toBe(429);
    const buyers = await Promise.all((await createBuyers(app, 4)).map((email) => signedIn(app, email)));
    const units = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items;
    const started = await Promise.all(buyers.map((buyer, i) => buyer.post('/api/v1/reservations', { unitId: units[i].id })));
    expect(started.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    await payAtSandbox(buyers[0], started[0].body.payment, 'approve');
    await app.settled();

    const res = await fetch(`${app.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, /^http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/reservations",status="201"\}/)).toBe(4);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/projects\/:id\/units",status="200"\} \d+$/m);
    // Counted at the event store's port: the same figures in both modes.
    expect(sample(text, /^eventstore_appends_total /)).toBeGreaterThan(0);
    expect(sample(text, /^eventstore_append_duration_seconds_count /)).toBe(sample(text, /^eventstore_appends_total /));
    expect(sample(text, /^eventstore_append_duration_seconds_bucket\{le="\+Inf"\} /)).toBe(sample(text, /^eventstore_appends_total /));
    expect(sample(text, /^eventstore_append_batch_events_sum /)).toBeGreaterThanOrEqual(sample(text, /^eventstore_appends_total /));
    expect(sample(text, /^eventstore_events_appended_total\{category="reservation"\} /)).toBeGreaterThanOrEqual(4 * 3);
    expect(text).not.toMatch(/^eventstore_events_appended_total\{category="reservation-/m); // a category, never a stream id
    if (!distributedTests()) expect(sample(text, /^eventstore_group_commits_total /)).toBeGreaterThan(0);
    // Three holds wait for their payment; the paid one holds no more.
    expect(sample(text, /^reservation_holds_active /)).toBe(3);
    expect(sample(text, /^auth_login_failures_total /)).toBe(1);
    expect(sample(text, /^auth_login_throttled_total\{limit="account"\} /)).toBe(1);
    for (const status of ['queued', 'sending', 'retrying', 'failed'])
      expect(sample(text, new RegExp(`^mail_outbox_mails\\{status="${status}"\\} `))).toBeGreaterThanOrEqual(0);
    expect(sample(text, /^mail_outbox_oldest_due_seconds /)).toBeGreaterThanOrEqual(0);
    expect(sample(text, /^http_requests_in_flight /)).toBeGreaterThanOrEqual(1); // this scrape
    if (distributedTests()) {
      const { KAFKA_GROUP_PREFIX: group, KAFKA_TOPIC_PREFIX: topic } = app.env;
      expect(sample(text, new RegExp(`^kafka_consumer_lag\\{group="${group}all",topic="${topic}reservation"\\} `))).toBeGreaterThanOrEqual(0);
      expect(sample(text, /^relay_lag_events /)).toBeGreaterThanOrEqual(0);
      expect(sample(text, /^relay_failures_total /)).toBe(0);
    }
    expect(sample(text, /^projection_lag_events\{projection="reservations"\}/)).toBeGreaterThanOrEqual(0);
    expect(sample(text, /^projection_lag_seconds\{projection="reservations"\}/)).toBeGreaterThanOrEqual(0);
    expect(sample(text, /^eventstore_head_position /)).toBeGreaterThan(0);
    expect(sample(text, /^platform_ready /)).toBe(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_gc_duration_seconds_bucket/m);
    // Route patterns only: no unit id, no query string becomes a label.
    expect(text).not.toContain(units[0].id);
    // The Grafana dashboard asks for no figure the platform does not export (those of the other mode aside).
    const dashboard = fs.readFileSync(path.join(__dirname, '../../docs/grafana-dashboard.json'), 'utf8');
    const asked = new Set([...dashboard.matchAll(/\b([a-z]+_[a-z0-9_]+)\{job/g)].map(([, name]) => name.replace(/_(bucket|sum|count)$/, '')));
    const otherMode = distributedTests() ? ['eventstore_group_commits_total'] : ['relay_lag_events', 'relay_failures_total', 'kafka_consumer_lag'];
    const exported = new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map(([, name]) => name));
    expect([...asked].filter((name) => !exported.has(name) && !otherMode.includes(name))).toEqual([]);
    expect(asked.size).toBeGreaterThan(20);
  });

  it('refused (404) from an address not allowed, unless the request bears the metrics token', async () => {
    const metrics = { registry: { contentType: 'text/plain', metrics: async () => 'figures' } } as unknown as PlatformMetrics;
    const answer = async (address: string, authorization?: string) => {
      const sent: { status: number; body?: string } = { status: 200 };
      const res = {
        status: (code: number) => ((sent.status = code), res),
        type: () => res,
        setHeader: () => res,
        send: (body: string) => ((sent.body = body), res),
      } as unknown as Response;
      const req = { socket: { remoteAddress: address }, get: () => authorization } as unknown as Request;
      await metricsRoute(metrics, { allow: ['10.0.0.7'], token: 'secreto-de-metricas' })(req, res, () => undefined);
      return sent;
    };
    expect(await answer('203.0.113.9')).toEqual({ status: 404, body: 'Not found' });
    expect(await answer('203.0.113.9', 'Bearer otro')).toMatchObject({ status: 404 });
    expect(await answer('203.0.113.9', 'Bearer secreto-de-metricas')).toEqual({ status: 200, body: 'figures' });
    expect(await answer('10.0.0.7')).toEqual({ status: 200, body: 'figures' });
    expect(await answer('::1')).toEqual({ status: 200, body: 'figures' });
  });
});
