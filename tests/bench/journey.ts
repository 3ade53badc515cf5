import type { ApiClient } from '../support/api-client';
import { signup, startTestApp, tokenFromMail, type TestApp } from '../support/test-app';
import { fmt, percentile, timed } from './stats';

/** The catalogue queries the explore screen makes, timed over HTTP. */
const CATALOGUE_QUERIES = [
  '/api/v1/projects',
  '/api/v1/projects?sort=price_asc',
  '/api/v1/projects?sort=newest&bedrooms=2,3',
  '/api/v1/projects?search=parque&sort=name',
  '/api/v1/projects?propertyType=department&buildStatus=GREEN_STATUS&priceFrom=2000',
];

const timeQueries = async (c: ApiClient, rounds: number): Promise<number[]> => {
  const latencies: number[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const q of CATALOGUE_QUERIES) {
      const [res, ms] = await timed(() => c.get(q));
      if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
      latencies.push(ms);
    }
  }
  return latencies;
};

/** The server's own time for a request, from its `Server-Timing: app;dur=<ms>` header. */
const serverTimeOf = (headers: Headers): number => Number(/app;dur=([\d.]+)/.exec(headers.get('server-timing') ?? '')?.[1] ?? NaN);

const verifiedBuyers = async (app: TestApp, count: number): Promise<ApiClient[]> => {
  const clients: ApiClient[] = [];
  for (let i = 0; i < count; i++) {
    const c = app.client();
    const body = signup();
    await c.post('/api/v1/auth/register', body);
    const mail = await app.mail.waitFor((m) => m.to.includes(body.workEmail));
    await c.post('/api/v1/auth/verify-email', { token: tokenFromMail(mail.text) });
    await c.login(body.workEmail, body.password);
    clients.push(c);
  }
  return clients;
};

export const journeyBench = async (): Promise<string[]> => {
  const rows: string[] = [];
  const app = await startTestApp({ LOGIN_LIMIT_PER_ADDRESS: '100000' });
  try {
    const visitor = app.client();
    const demo = await timeQueries(visitor, 40);
    const demoSize = (await visitor.get('/api/v1/projects')).body.total;
    rows.push(`| Catalogue query over HTTP, demo size (${demoSize} projects, 600 units), 5 filter/sort shapes | ${fmt(1000 / (demo.reduce((a, b) => a + b, 0) / demo.length), 0)} queries/s (sequential) | p50 ${fmt(percentile(demo, 50))} ms · p99 ${fmt(percentile(demo, 99))} ms | ${demo.length} queries |`);

    // 64 buyers reserve distinct units at once, several rounds.
    const buyers = await verifiedBuyers(app, 64);
    const units: string[] = [];
    for (const card of (await visitor.get('/api/v1/projects?limit=50')).body.items) {
      const table = await visitor.get(`/api/v1/projects/${card.id}/units?available=true`);
      units.push(...table.body.items.map((u: { id: string }) => u.id));
    }
    const perBuyer = Math.floor(Math.min(units.length, 64 * 5) / 64);
    const latencies: number[] = [];
    const serverMs: number[] = [];
    const started = process.hrtime.bigint();
    await Promise.all(
      buyers.map(async (buyer, b) => {
        for (let k = 0; k < perBuyer; k++) {
          const [res, ms] = await timed(() => buyer.post('/api/v1/reservations', { unitId: units[b * perBuyer + k] }));
          if (res.status !== 201) throw new Error(`reservation: ${res.status} ${JSON.stringify(res.body)}`);
          latencies.push(ms);
          serverMs.push(serverTimeOf(res.headers));
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    rows.push(`| Reservation command over HTTP (hold + payment start), distinct units, 64 concurrent buyers | ${fmt(latencies.length / seconds, 0)} reservations/s | p50 ${fmt(percentile(latencies, 50))} ms · p99 ${fmt(percentile(latencies, 99))} ms | ${latencies.length} reservations |`);
    // The same requests as the server timed them (Server-Timing): from reading the request to answering.
    rows.push(`| ... the same reservations, time inside the server (Server-Timing) | | p50 ${fmt(percentile(serverMs, 50))} ms · p99 ${fmt(percentile(serverMs, 99))} ms | ${serverMs.length} reservations |`);

    // The catalogue at 10x is measured on its own, against the raw indexed query: tests/bench/catalog.ts.
  } finally {
    await app.stop();
  }
  return rows;
};
