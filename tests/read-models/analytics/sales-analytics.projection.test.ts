import { salesAnalyticsProjection } from '../../../read-models/sales-analytics/sales-analytics.projection';
import { salesAnalytics } from '../../../read-models/sales-analytics/sales-analytics.queries';
import { projectionSpec, recordedEvent } from '../../support/projection-spec';

const at = (iso: string) => ({ occurredAt: iso });
const D1 = '2026-11-20T10:00:00.000Z';
const D2 = '2026-11-21T10:00:00.000Z';

/** A small history: catalogue, one collaborator buyer, quotes, a lead, views, two reservations (one paid, one expired). */
const history = () => [
  recordedEvent(
    'project-p1',
    0,
    'ProjectCreated',
    { projectId: 'p1', name: 'Parque Ñuñoa', realEstate: { companyId: 'andes', name: 'Andes', rut: '1-9' } },
    at(D1),
  ),
  recordedEvent('unit-u1', 0, 'UnitAdded', { unitId: 'u1', projectId: 'p1', typology: '2D2B', regularPrice: 4000, discountPrice: 3800 }, at(D1)),
  recordedEvent('unit-u2', 0, 'UnitAdded', { unitId: 'u2', projectId: 'p1', typology: '1D1B', regularPrice: 2500, discountPrice: null }, at(D1)),
  recordedEvent('collaborator-c1', 0, 'CollaboratorEnrolled', { collaboratorId: 'c1', companyId: 'banco', userId: 'b1', companyContributionUF: 150 }, at(D1)),
  recordedEvent('pageviews-i1', 0, 'ProjectPageViewsCounted', { counts: { p1: 7 }, from: D1, to: D1 }, at(D1)),
  recordedEvent('favorites-b1', 0, 'FavoriteAdded', { userId: 'b1', projectId: 'p1', addedAt: D1 }, at(D1)),
  recordedEvent('lead-l1', 0, 'LeadCaptured', { leadId: 'l1', source: 'quote_downloaded' }, at(D1)),
  recordedEvent('lead-l1', 1, 'LeadActivityRecorded', { leadId: 'l1', kind: 'quote_downloaded', projectId: 'p1' }, at(D1)),
  recordedEvent('lead-l1', 2, 'LeadActivityRecorded', { leadId: 'l1', kind: 'quote_downloaded', projectId: 'p1' }, at(D1)),
  recordedEvent('quote-q1', 0, 'QuoteIssued', { quoteId: 'q1', userId: 'b1', project: { projectId: 'p1' }, unit: { unitId: 'u1', typology: '2D2B' } }, at(D1)),
  recordedEvent('quote-q2', 0, 'QuoteIssued', { quoteId: 'q2', userId: 'b9', project: { projectId: 'p1' }, unit: { unitId: 'u2', typology: '1D1B' } }, at(D1)),
  recordedEvent('reservation-r1', 0, 'ReservationRequested', { reservationId: 'r1', unitId: 'u1', projectId: 'p1', buyerId: 'b1', amountCLP: 500000 }, at(D1)),
  recordedEvent('reservation-r1', 1, 'ReservationUnitHeld', { reservationId: 'r1' }, at(D1)),
  recordedEvent('reservation-r1', 2, 'ReservationPaymentStarted', { reservationId: 'r1' }, at(D1)),
  recordedEvent('reservation-r1', 3, 'ReservationPaymentFailed', { reservationId: 'r1', failure: 'rejected' }, at(D1)),
  recordedEvent('reservation-r1', 4, 'ReservationPaymentStarted', { reservationId: 'r1' }, at(D2)),
  recordedEvent('reservation-r1', 5, 'ReservationConfirmed', { reservationId: 'r1' }, at(D2)),
  recordedEvent('reservation-r2', 0, 'ReservationRequested', { reservationId: 'r2', unitId: 'u2', projectId: 'p1', buyerId: 'b9', amountCLP: 500000 }, at(D1)),
  recordedEvent('reservation-r2', 1, 'ReservationUnitHeld', { reservationId: 'r2' }, at(D1)),
  recordedEvent('reservation-r2', 2, 'ReservationExpired', { reservationId: 'r2' }, at(D2)),
  recordedEvent('unit-u1', 1, 'UnitSold', { unitId: 'u1', projectId: 'p1', reservationId: 'r1', saleId: 's1' }, at(D2)),
];

const Q = { from: '2026-11-01', to: '2026-11-30', granularity: 'day' as const };

describe('sales analytics projection', () => {
  it('adds each event to its day bucket: totals, series, funnel, rates, contribution', async () => {
    const spec = await projectionSpec([salesAnalyticsProjection]).given(history());
    const r = await salesAnalytics(spec.store, Q);
    expect(r.totals).toEqual({ started: 2, confirmed: 1, expired: 1, cancelled: 0, revenueUF: 3800, revenueCLP: 500000 });
    expect(r.series.filter((s) => s.started || s.confirmed || s.expired)).toEqual([
      { period: '2026-11-20', started: 2, confirmed: 0, expired: 0, cancelled: 0, revenueUF: 0, revenueCLP: 0 },
      { period: '2026-11-21', started: 0, confirmed: 1, expired: 1, cancelled: 0, revenueUF: 3800, revenueCLP: 500000 },
    ]);
    expect(r.series).toHaveLength(30);
    expect(r.funnel).toEqual({ visits: 7, leads: 1, quotes: 2, reservations: 2, confirmed: 1 });
    expect(r.rates).toEqual({ holdExpiry: 0.5, paymentRejection: 0.5 });
    expect(r.contribution).toEqual({ committedUF: 150, paidUF: 150 });
    expect(r.byPartnerCompany).toEqual([expect.objectContaining({ companyId: 'banco', quotes: 1, started: 1, confirmed: 1, contributionCommittedUF: 150 })]);
    expect(r.byTypology.map((t) => [t.typology, t.quotes, t.confirmed])).toEqual([
      ['1D1B', 1, 0],
      ['2D2B', 1, 1],
    ]);
    expect(r.byProject[0]).toMatchObject({ projectId: 'p1', projectName: 'Parque Ñuñoa', views: 7, favourites: 1, confirmed: 1 });
    expect((await salesAnalytics(spec.store, { ...Q, granularity: 'week' })).series.find((s) => s.period === '2026-11-16')).toMatchObject({
      started: 2,
      confirmed: 1,
    });
    expect((await salesAnalytics(spec.store, { ...Q, granularity: 'month' })).series).toEqual([expect.objectContaining({ period: '2026-11-01', started: 2 })]);
  });

  it('conversion is the confirmed of the reservations started (quotes are no denominator), between 0 and 100 % whatever the range', async () => {
    const requested = (r: string, day: string) =>
      recordedEvent(
        `reservation-${r}`,
        0,
        'ReservationRequested',
        { reservationId: r, unitId: 'u1', projectId: 'p1', buyerId: `b-${r}`, amountCLP: 500000 },
        at(day),
      );
    const confirmed = (r: string) => recordedEvent(`reservation-${r}`, 1, 'ReservationConfirmed', { reservationId: r }, at(D2));
    // One quote, then (no quote needed) three reservations on the 20th and one on the 21st; two confirmed on the 21st.
    const spec = await projectionSpec([salesAnalyticsProjection]).given([
      ...history().slice(0, 3),
      recordedEvent(
        'quote-q1',
        0,
        'QuoteIssued',
        { quoteId: 'q1', userId: 'b1', project: { projectId: 'p1' }, unit: { unitId: 'u1', typology: '2D2B' } },
        at(D1),
      ),
      ...['r1', 'r2', 'r3'].map((r) => requested(r, D1)),
      requested('r4', D2),
      confirmed('r1'),
      confirmed('r2'),
    ]);
    const month = await salesAnalytics(spec.store, Q);
    expect(month.byTypology).toEqual([expect.objectContaining({ typology: '2D2B', quotes: 1, started: 4, confirmed: 2, conversionRate: 0.5 })]);
    expect(month.byProject[0]).toMatchObject({ started: 4, confirmed: 2, conversionRate: 0.5 });
    // From the 21st: two confirmations of reservations started the day before, one started that day: 100 %, not 200 %.
    const fromThe21st = await salesAnalytics(spec.store, { ...Q, from: '2026-11-21' });
    expect(fromThe21st.byTypology[0]).toMatchObject({ started: 1, confirmed: 2, conversionRate: 1 });
  });

  it('filters by project, real-estate company and partner company', async () => {
    const spec = await projectionSpec([salesAnalyticsProjection]).given(history());
    expect((await salesAnalytics(spec.store, { ...Q, partnerCompanyId: 'banco' })).totals).toMatchObject({ started: 1, confirmed: 1 });
    expect((await salesAnalytics(spec.store, { ...Q, realEstateCompanyId: 'otra' })).totals).toMatchObject({ started: 0 });
    expect((await salesAnalytics(spec.store, { ...Q, projectId: 'p1' })).totals).toMatchObject({ started: 2 });
  });

  it('every event delivered twice gives the same documents as once', async () => {
    const once = await (await projectionSpec([salesAnalyticsProjection]).given(history())).snapshot();
    const twiceEach = await (await projectionSpec([salesAnalyticsProjection]).given(history().flatMap((e) => [e, e]))).snapshot();
    const all = history();
    const replayed = await (await projectionSpec([salesAnalyticsProjection]).given([...all, ...all])).snapshot();
    expect(twiceEach).toEqual(once);
    expect(replayed).toEqual(once);
  });

  it('a rebuild from scratch gives the same numbers', async () => {
    const events = history();
    const live = await projectionSpec([salesAnalyticsProjection]).given(events);
    const rebuilt = await projectionSpec([salesAnalyticsProjection]).given(events);
    expect(await salesAnalytics(rebuilt.store, Q)).toEqual(await salesAnalytics(live.store, Q));
  });
});

describe("sales analytics by Chile's calendar days", () => {
  const catalogue = () => [
    recordedEvent(
      'project-p1',
      0,
      'ProjectCreated',
      { projectId: 'p1', name: 'Parque Ñuñoa', realEstate: { companyId: 'andes', name: 'Andes', rut: '1-9' } },
      at(D1),
    ),
    recordedEvent('unit-u1', 0, 'UnitAdded', { unitId: 'u1', projectId: 'p1', typology: '2D2B', regularPrice: 4000, discountPrice: null }, at(D1)),
  ];
  const reservation = (id: string, requested: string, confirmed?: string) => [
    recordedEvent(
      `reservation-${id}`,
      0,
      'ReservationRequested',
      { reservationId: id, unitId: 'u1', projectId: 'p1', buyerId: 'b1', amountCLP: 100000 },
      at(requested),
    ),
    ...(confirmed ? [recordedEvent(`reservation-${id}`, 1, 'ReservationConfirmed', { reservationId: id }, at(confirmed))] : []),
  ];
  const day = (q: { from: string; to: string }) => ({ ...q, granularity: 'day' as const });
  const active = (series: { period: string; started: number; confirmed: number }[]) =>
    series.filter((s) => s.started || s.confirmed).map((s) => [s.period, s.started, s.confirmed]);

  it('counts a sale at 23:00 in Santiago (02:00 UTC the next day) on the Chilean day, and the from/to filters name Chilean days', async () => {
    // 10 March 2026 02:00 UTC is 9 March 23:00 in Chile (summer time, -03); 03:00 UTC is already the 10th.
    const spec = await projectionSpec([salesAnalyticsProjection]).given([
      ...catalogue(),
      ...reservation('r1', '2026-03-09T20:00:00.000Z', '2026-03-10T02:00:00.000Z'),
      ...reservation('r2', '2026-03-10T03:00:00.000Z'),
    ]);
    expect(active((await salesAnalytics(spec.store, day({ from: '2026-03-08', to: '2026-03-11' }))).series)).toEqual([
      ['2026-03-09', 1, 1],
      ['2026-03-10', 1, 0],
    ]);
    expect((await salesAnalytics(spec.store, day({ from: '2026-03-10', to: '2026-03-10' }))).totals).toMatchObject({ started: 1, confirmed: 0 });
    expect((await salesAnalytics(spec.store, day({ from: '2026-03-09', to: '2026-03-09' }))).totals).toMatchObject({ started: 1, confirmed: 1 });
  });

  it('across the change to winter time (5 April 2026) and to summer time (6 September 2026)', async () => {
    const spec = await projectionSpec([salesAnalyticsProjection]).given([
      ...catalogue(),
      // 03:30 UTC on 5 April is 23:30 on the 4th a second time (clocks went back from 24:00 to 23:00, now -04).
      ...reservation('a1', '2026-04-05T02:30:00.000Z', '2026-04-05T03:30:00.000Z'),
      ...reservation('a2', '2026-04-05T04:00:00.000Z'),
      // 03:59 UTC on 6 September is 23:59 on the 5th (-04); at 04:00 UTC clocks jump to 01:00 on the 6th (-03).
      ...reservation('s1', '2026-09-06T03:59:00.000Z'),
      ...reservation('s2', '2026-09-06T04:00:00.000Z', '2026-09-07T02:59:00.000Z'),
    ]);
    expect(active((await salesAnalytics(spec.store, day({ from: '2026-04-03', to: '2026-04-06' }))).series)).toEqual([
      ['2026-04-04', 1, 1],
      ['2026-04-05', 1, 0],
    ]);
    expect(active((await salesAnalytics(spec.store, day({ from: '2026-09-04', to: '2026-09-08' }))).series)).toEqual([
      ['2026-09-05', 1, 0],
      ['2026-09-06', 1, 1],
    ]);
    // Weeks start on Chile's Mondays: Saturday 5 September is in the week of 31 August, Sunday the 6th too.
    expect(active((await salesAnalytics(spec.store, { from: '2026-08-31', to: '2026-09-13', granularity: 'week' })).series)).toEqual([['2026-08-31', 2, 1]]);
  });
});
