import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../../adapters/embedded/sqlite-read-store';
import type { Filter, ReadStore } from '../../../kernel/ports/read-store';
import { ProjectionRunner } from '../../../kernel/projections/projection-runner';
import {
  COUNTERS,
  SALES_BUCKETS,
  SALES_REFS,
  salesAnalyticsProjection,
  type SalesBucket,
} from '../../../read-models/sales-analytics/sales-analytics.projection';
import { salesAnalytics, type SalesScope } from '../../../read-models/sales-analytics/sales-analytics.queries';
import { planRange, rollupId, SALES_ROLLUPS, splitRange, type SalesRollup } from '../../../read-models/sales-analytics/sales-rollups';
import { projectionSpec, recordedEvent } from '../../support/projection-spec';

const at = (iso: string) => ({ occurredAt: iso });
const noon = (day: string) => `${day}T15:00:00.000Z`;

/** Two projects of two real-estate companies, one partner company's buyer, reservations spread over three months. */
const history = () => {
  const events = [
    recordedEvent(
      'project-p1',
      0,
      'ProjectCreated',
      { projectId: 'p1', name: 'Parque Ñuñoa', realEstate: { companyId: 'andes', name: 'Andes' } },
      at(noon('2026-01-02')),
    ),
    recordedEvent(
      'project-p2',
      0,
      'ProjectCreated',
      { projectId: 'p2', name: 'Vista Sur', realEstate: { companyId: 'costa', name: 'Costa' } },
      at(noon('2026-01-02')),
    ),
    recordedEvent('unit-u1', 0, 'UnitAdded', { unitId: 'u1', projectId: 'p1', typology: '2D2B', regularPrice: 4000.25 }, at(noon('2026-01-02'))),
    recordedEvent('unit-u2', 0, 'UnitAdded', { unitId: 'u2', projectId: 'p2', typology: '1.5D', regularPrice: 2500.1 }, at(noon('2026-01-02'))),
    recordedEvent(
      'collaborator-c1',
      0,
      'CollaboratorEnrolled',
      { collaboratorId: 'c1', companyId: 'banco', userId: 'b1', companyContributionUF: 150 },
      at(noon('2026-01-02')),
    ),
  ];
  const days = ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-14', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-31', '2026-04-01'];
  days.forEach((day, i) => {
    const unit = i % 2 ? 'u1' : 'u2';
    const id = `r${i}`;
    events.push(
      recordedEvent(
        `reservation-${id}`,
        0,
        'ReservationRequested',
        { reservationId: id, unitId: unit, projectId: unit === 'u1' ? 'p1' : 'p2', buyerId: i % 3 ? 'b1' : 'b9', amountCLP: 100000 + i },
        at(noon(day)),
      ),
      recordedEvent(`reservation-${id}`, 1, 'ReservationUnitHeld', { reservationId: id }, at(noon(day))),
      recordedEvent(`reservation-${id}`, 2, i % 4 ? 'ReservationConfirmed' : 'ReservationExpired', { reservationId: id }, at(noon(day))),
      recordedEvent(
        `quote-${id}`,
        0,
        'QuoteIssued',
        { quoteId: id, userId: 'b1', project: { projectId: unit === 'u1' ? 'p1' : 'p2' }, unit: { unitId: unit, typology: unit === 'u1' ? '2D2B' : '1.5D' } },
        at(noon(day)),
      ),
    );
  });
  events.push(
    recordedEvent(
      'pageviews-i1',
      0,
      'ProjectPageViewsCounted',
      { counts: { p1: 3, p2: 4 }, from: noon('2026-02-14'), to: noon('2026-02-14') },
      at(noon('2026-02-14')),
    ),
  );
  return events;
};

/** The fine buckets of a range and scope. */
const bucketFilter = (q: SalesScope & { from: string; to: string }): Filter => ({
  $and: [
    { day: { $gte: q.from, $lte: q.to } },
    ...(q.projectId ? [{ projectId: q.projectId }] : []),
    ...(q.realEstateCompanyId ? [{ realEstateCompanyId: q.realEstateCompanyId }] : []),
    ...(q.partnerCompanyId ? [{ partnerCompanyId: q.partnerCompanyId }] : []),
  ],
});

/** The figures as the fine buckets of the range say (what the dashboard read before the rollups: a scan). */
const fromBuckets = async (store: ReadStore, q: SalesScope & { from: string; to: string }) => {
  const buckets = await store.collection<SalesBucket>(SALES_BUCKETS).find(bucketFilter(q));
  const sum = (keep: (b: SalesBucket) => boolean) =>
    Object.fromEntries(COUNTERS.map((c) => [c, buckets.filter(keep).reduce((s, b) => s + (typeof b[c] === 'number' ? (b[c] as number) : 0), 0)]));
  return {
    totals: sum(() => true),
    p1: sum((b) => b.projectId === 'p1'),
    banco: sum((b) => b.partnerCompanyId === 'banco'),
    costa: sum((b) => b.realEstateCompanyId === 'costa'),
  };
};

describe('sales rollups', () => {
  it('a redelivered event does not add to a rollup twice', async () => {
    const once = await projectionSpec([salesAnalyticsProjection]).given(history());
    const twice = await projectionSpec([salesAnalyticsProjection]).given(history().flatMap((e) => [e, e]));
    const read = (store: ReadStore, id: string) => store.collection<SalesRollup>(SALES_ROLLUPS).findOne({ _id: id });
    for (const id of [
      rollupId({}, '2026-02'),
      rollupId({}, '2026-02-14'),
      rollupId({ partnerCompanyId: 'banco' }, '2026-03'),
      rollupId({ projectId: 'p1', realEstateCompanyId: 'andes', partnerCompanyId: 'banco' }, '2026-03-31'),
      rollupId({ realEstateCompanyId: 'costa' }, '2026'),
    ])
      expect(await read(twice.store, id)).toEqual(await read(once.store, id));
    expect((await read(twice.store, rollupId({}, '2026-02')))?.t).toMatchObject({ started: 3, confirmed: 2, expired: 1, quotes: 3, views: 7 });
    expect((await read(twice.store, rollupId({}, '2026')))?.t).toMatchObject({ started: 9 });
    // A typology with a '.' is kept under an encoded key and read back as it was.
    expect((await salesAnalytics(twice.store, { from: '2026-02-01', to: '2026-02-28', granularity: 'month' })).byTypology.map((t) => t.typology)).toEqual([
      '2D2B',
      '1.5D',
    ]);
  });

  it('a range across months sums the whole months and the edge days as the days themselves sum', async () => {
    const { store } = await projectionSpec([salesAnalyticsProjection]).given(history());
    const ranges = [
      { from: '2026-01-31', to: '2026-04-01' },
      { from: '2026-01-01', to: '2026-03-31' },
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-02-14', to: '2026-03-01' },
      { from: '2026-03-02', to: '2026-03-02' },
      // Most of a month in the range: the month less its days outside it (31 March and 1 February have sales).
      { from: '2026-02-10', to: '2026-03-29' },
      { from: '2026-02-03', to: '2026-02-28' },
      // A year in the range, with days of the year before; most of a year: the year less January (but its 31st,
      // which had sales; the 30th, outside, too) and December.
      { from: '2025-12-20', to: '2026-12-31' },
      { from: '2026-01-31', to: '2026-11-30' },
      { from: '2025-06-01', to: '2026-03-31' },
    ];
    const scopes: SalesScope[] = [
      {},
      { projectId: 'p1' },
      { realEstateCompanyId: 'costa' },
      { partnerCompanyId: 'banco' },
      { realEstateCompanyId: 'andes', partnerCompanyId: 'banco' },
      { projectId: 'p1', realEstateCompanyId: 'costa' },
    ];
    for (const range of ranges)
      for (const scope of scopes) {
        const expected = await fromBuckets(store, { ...range, ...scope });
        for (const granularity of ['day', 'week', 'month'] as const) {
          const r = await salesAnalytics(store, { ...range, ...scope, granularity });
          expect({ range, scope, totals: r.totals }).toEqual({
            range,
            scope,
            totals: {
              started: expected.totals.started,
              confirmed: expected.totals.confirmed,
              expired: expected.totals.expired,
              cancelled: expected.totals.cancelled,
              revenueUF: Math.round(expected.totals.revenueUF * 100) / 100,
              revenueCLP: expected.totals.revenueCLP,
            },
          });
          const sumSeries = r.series.reduce((s, p) => s + p.started, 0);
          expect(sumSeries).toBe(expected.totals.started);
          expect(r.funnel.quotes).toBe(expected.totals.quotes);
          expect(r.byProject.find((p) => p.projectId === 'p1')?.confirmed ?? 0).toBe(expected.p1.confirmed);
          expect(r.byPartnerCompany.find((p) => p.companyId === 'banco')?.contributionCommittedUF ?? 0).toBe(
            Math.round(expected.banco.contributionCommittedUF * 100) / 100,
          );
          expect(r.byRealEstateCompany.find((p) => p.companyId === 'costa')?.started ?? 0).toBe(expected.costa.started);
        }
      }
  });

  it('a month less its days outside the range leaves out what only those days had', async () => {
    const { store } = await projectionSpec([salesAnalyticsProjection]).given(history());
    // March's sales of p1 are on the 1st and the 31st, outside 2 to 29 March; the 2nd sold in p2.
    const r = await salesAnalytics(store, { from: '2026-03-02', to: '2026-03-29', granularity: 'day' });
    expect(r.byProject.map((p) => p.projectId)).toEqual(['p2']);
    expect(r.byTypology.map((t) => t.projectId)).toEqual(['p2']);
    expect(r.totals.started).toBe(1);
    expect(r.series.find((p) => p.period === '2026-03-02')?.started).toBe(1);
    const byMonth = await salesAnalytics(store, { from: '2026-03-02', to: '2026-03-29', granularity: 'month' });
    expect(byMonth.series).toEqual([expect.objectContaining({ period: '2026-03-01', started: 1 })]);
  });

  it('a dashboard read fetches rollups by _id and never scans the buckets', async () => {
    const { store } = await projectionSpec([salesAnalyticsProjection]).given(history());
    const reads: { collection: string; filter: unknown }[] = [];
    const watched = Object.create(store) as ReadStore;
    watched.collection = ((name: string) => {
      const c = store.collection(name);
      const spy = Object.create(c) as typeof c;
      spy.find = (filter, options) => (reads.push({ collection: name, filter }), c.find(filter, options));
      return spy;
    }) as ReadStore['collection'];
    await salesAnalytics(watched, { from: '2024-11-26', to: '2026-11-25', granularity: 'month' });
    const rollupReads = reads.filter((r) => r.collection === SALES_ROLLUPS);
    expect(reads.filter((r) => r.collection === SALES_BUCKETS)).toEqual([]);
    expect(rollupReads.length).toBeGreaterThan(0);
    for (const r of rollupReads) expect(r.filter).toEqual({ _id: { $in: expect.any(Array) } });
    // Added: the 5 days of November 2024 in the range, December 2024, 2025 and 2026; less 2026's 5 days after the
    // range and its December. The series by month: the 23 whole months and the 30 edge days, totals only.
    expect(rollupReads.map((r) => (r.filter as { _id: { $in: string[] } })._id.$in.length)).toEqual([8, 6, 53]);
  });

  it('the history delivered as one batch by the runner (increments gathered, one write per rollup) gives the rollups of one event at a time', async () => {
    const one = await projectionSpec([salesAnalyticsProjection]).given(history());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollups-'));
    const events = SqliteEventStore.open(path.join(dir, 'events.sqlite'));
    const store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
    try {
      let last = 0;
      for (const e of history())
        last = (await events.append(e.streamId, [{ type: e.type, data: e.data, metadata: e.metadata }], e.revision === 0 ? 'no_stream' : e.revision - 1))
          .lastGlobalPosition;
      const runner = new ProjectionRunner(events, store, [salesAnalyticsProjection]);
      await runner.start();
      expect(await runner.waitFor(last, 5000)).toBe(true);
      await runner.stop();
      const all = (s: ReadStore) => s.collection<SalesRollup>(SALES_ROLLUPS).find({}, { sort: { _id: 1 } });
      const batched = await all(store);
      expect(batched.length).toBeGreaterThan(50);
      expect(batched).toEqual(await all(one.store));
    } finally {
      await events.close();
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a day's bucket keeps no list of the events it counted: fifty quotes leave it the size of one", async () => {
    const quote = (i: number) =>
      recordedEvent(
        `quote-q${i}`,
        0,
        'QuoteIssued',
        { quoteId: `q${i}`, userId: 'b1', project: { projectId: 'p1' }, unit: { unitId: 'u1', typology: '2D2B' } },
        at(noon('2026-05-04')),
      );
    const bucketOf = async (n: number) => {
      const { store } = await projectionSpec([salesAnalyticsProjection]).given([...history().slice(0, 5), ...Array.from({ length: n }, (_, i) => quote(i))]);
      const [bucket] = await store.collection<SalesBucket>(SALES_BUCKETS).find({ day: '2026-05-04' });
      return bucket;
    };
    const one = await bucketOf(1);
    const fifty = await bucketOf(50);
    expect(fifty).toMatchObject({ quotes: 50, projectId: 'p1', typology: '2D2B', partnerCompanyId: 'banco' });
    expect(Object.keys(fifty).sort()).toEqual(Object.keys(one).sort());
    expect(Object.values(fifty).some(Array.isArray)).toBe(false);
    expect(JSON.stringify(fifty).length - JSON.stringify(one).length).toBeLessThanOrEqual(1); // '1' -> '50'
  });

  it('what a delivery counted is written at its end, with its guards: a delivery cut short counts nothing, its redelivery counts all once', async () => {
    const clean = await projectionSpec([salesAnalyticsProjection]).given(history());
    const { store } = projectionSpec([salesAnalyticsProjection]);
    // The process dies before the delivery's end: its events were applied (the refs they set are written), the
    // flush never ran.
    await store.batch(async (view) => {
      for (const e of history()) if (salesAnalyticsProjection.eventTypes.includes(e.type as never)) await salesAnalyticsProjection.apply(e as never, view);
    });
    expect(await store.collection(SALES_ROLLUPS).countDocuments({})).toBe(0);
    expect(await store.collection(SALES_BUCKETS).countDocuments({})).toBe(0);
    // The events come back, in one delivery that ends.
    await store.batch(async (view) => {
      for (const e of history()) if (salesAnalyticsProjection.eventTypes.includes(e.type as never)) await salesAnalyticsProjection.apply(e as never, view);
      await salesAnalyticsProjection.flush!(view);
    });
    const all = (s: ReadStore, name: string) => s.collection(name).find({}, { sort: { _id: 1 } });
    for (const name of [SALES_ROLLUPS, SALES_BUCKETS, SALES_REFS]) expect(await all(store, name)).toEqual(await all(clean.store, name));
    expect((await store.collection<SalesRollup>(SALES_ROLLUPS).findOne({ _id: rollupId({}, '2026') }))?.t).toMatchObject({ started: 9, quotes: 9, views: 7 });
  });

  it('splits a range into its whole months and its edge days', () => {
    expect(splitRange('2026-01-31', '2026-04-01')).toMatchObject({ months: ['2026-02', '2026-03'], edgeDays: ['2026-01-31', '2026-04-01'] });
    expect(splitRange('2026-02-01', '2026-02-27')).toMatchObject({ months: [], edgeDays: expect.arrayContaining(['2026-02-01', '2026-02-27']) });
    expect(splitRange('2024-02-01', '2024-02-29')).toMatchObject({ months: ['2024-02'], edgeDays: [] });
  });

  it('plans a range as the fewest big rollups: whole years and months, or a year or month less what lies outside', () => {
    const days = (from: number, to: number, month: string) => Array.from({ length: to - from + 1 }, (_, i) => `${month}-${String(from + i).padStart(2, '0')}`);
    expect(planRange('2024-11-22', '2026-11-20')).toEqual({
      add: [...days(22, 30, '2024-11'), '2024-12', '2025', '2026'],
      subtract: [...days(21, 30, '2026-11'), '2026-12'],
    });
    expect(planRange('2026-01-31', '2026-11-30')).toEqual({ add: ['2026', '2026-01-31'], subtract: ['2026-01', '2026-12'] });
    expect(planRange('2026-01-01', '2026-12-31')).toEqual({ add: ['2026'], subtract: [] });
    expect(planRange('2026-02-01', '2026-03-31')).toEqual({ add: ['2026-02', '2026-03'], subtract: [] });
    expect(planRange('2026-03-02', '2026-03-04')).toEqual({ add: days(2, 4, '2026-03'), subtract: [] });
    expect(planRange('2026-03-02', '2026-03-30')).toEqual({ add: ['2026-03'], subtract: ['2026-03-01', '2026-03-31'] });
  });
});
