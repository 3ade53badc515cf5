import type { ReadStore } from '../../application/ports/read-store';
import { TOKENS } from '../../application/ports/tokens';
import { CATALOG_PROJECTS, type CatalogProjectDoc } from '../../read-models/catalog/catalog-doc';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
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

/**
 * Grows the catalogue read model to `projects` cards (10 units each) by cloning the demo cards: the
 * query path is what is measured, so the documents are written straight into the read store.
 */
const growCatalogue = async (app: TestApp, projects: number): Promise<number> => {
  const store = app.platform.container.get<ReadStore>(TOKENS.ReadStore);
  const cards = store.collection<CatalogProjectDoc>(CATALOG_PROJECTS);
  const demo = await cards.find({});
  let units = 0;
  for (let i = 0; i < projects - demo.length; i++) {
    const base = demo[i % demo.length];
    const unitSummaries = Object.fromEntries(Object.entries(base.unitSummaries).slice(0, 10).map(([k, v]) => [`${k}-${i}`, v]));
    units += Object.keys(unitSummaries).length;
    await cards.insertOne({ ...structuredClone(base), _id: `bench-${i}`, name: `${base.name} ${i}`, searchText: `${base.searchText} ${i}`, unitSummaries });
  }
  return units + demo.reduce((n, d) => n + Object.keys(d.unitSummaries).length, 0);
};

export const journeyBench = async (): Promise<string[]> => {
  const rows: string[] = [];
  const app = await startTestApp({ LOGIN_LIMIT_PER_ADDRESS: '100000' });
  try {
    const visitor = app.client();
    const demo = await timeQueries(visitor, 40);
    const demoSize = (await visitor.get('/api/v1/projects')).body.total;
    rows.push(`| Catalogue query over HTTP, demo size (${demoSize} projects, 600 units), 5 filter/sort shapes | ${fmt(1000 / (demo.reduce((a, b) => a + b, 0) / demo.length), 0)} queries/s (sequential) | p50 ${fmt(percentile(demo, 50))} ms · p99 ${fmt(percentile(demo, 99))} ms | ${demo.length} queries |`);

    const totalUnits = await growCatalogue(app, 10_000);
    const big = await timeQueries(visitor, 10);
    rows.push(`| Catalogue query over HTTP at 10x (10,000 projects, ${totalUnits.toLocaleString('en-US')} units), same 5 shapes | ${fmt(1000 / (big.reduce((a, b) => a + b, 0) / big.length), 0)} queries/s (sequential) | p50 ${fmt(percentile(big, 50))} ms · p99 ${fmt(percentile(big, 99))} ms | ${big.length} queries |`);
  } finally {
    await app.stop();
  }
  return rows;
};
