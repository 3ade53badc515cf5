import type { ApiClient } from '../support/api-client';
import { startTestApp } from '../support/test-app';
import { fmt, percentile, timed } from './stats';

/**
 * The catalogue queries the explore screen makes, timed over HTTP (sequential, one client: no queue to hide).
 * The reservations under load are measured from a separate process (http-load.ts).
 */
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

export const journeyBench = async (): Promise<string[]> => {
  const rows: string[] = [];
  const app = await startTestApp({ LOGIN_LIMIT_PER_ADDRESS: '100000' });
  try {
    const visitor = app.client();
    const demo = await timeQueries(visitor, 40);
    const demoSize = (await visitor.get('/api/v1/projects')).body.total;
    rows.push(
      `| Catalogue query over HTTP, demo size (${demoSize} projects, 600 units), 5 filter/sort shapes | ${fmt(1000 / (demo.reduce((a, b) => a + b, 0) / demo.length), 0)} queries/s (sequential) | p50 ${fmt(percentile(demo, 50))} ms · p99 ${fmt(percentile(demo, 99))} ms | ${demo.length} queries |`,
    );

    // The catalogue at 10x is measured on its own, against the raw indexed query: tests/bench/catalog.ts.
  } finally {
    await app.stop();
  }
  return rows;
};
