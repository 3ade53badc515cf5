import type { ReadStore } from '../../../application/ports/read-store';
import { leadAnalytics } from '../../../read-models/lead-analytics/lead-analytics.queries';
import { leadsProjection } from '../../../read-models/leads/leads.projection';
import { LEAD_DAYS, LEADS } from '../../../read-models/leads/leads.queries';
import { projectionSpec, recordedEvent } from '../../support/projection-spec';

const captured = (id: string, capturedAt: string) =>
  recordedEvent(
    `lead-${id}`,
    0,
    'LeadCaptured',
    { leadId: id, source: 'contact_request', name: id, email: `${id}@x.cl`, capturedAt },
    { occurredAt: capturedAt },
  );
const history = () => [
  captured('late', '2026-03-10T02:30:00.000Z'), // 9 March 23:30 (-03)
  captured('early', '2026-03-10T03:30:00.000Z'), // 10 March 00:30
  captured('winter', '2026-04-05T03:30:00.000Z'), // 4 April 23:30 (-04, the hour repeated)
];
const now = new Date('2026-05-01T12:00:00.000Z');

describe("lead dashboard's from/to are Chile's calendar days", () => {
  it('a lead captured at 23:30 in Santiago counts on that day, one at 00:30 on the next', async () => {
    const { store } = await projectionSpec([leadsProjection]).given(history());
    expect((await leadAnalytics(store, { from: '2026-03-09', to: '2026-03-09' }, now)).total).toBe(1);
    expect((await leadAnalytics(store, { from: '2026-03-10', to: '2026-03-10' }, now)).total).toBe(1);
    expect((await leadAnalytics(store, { from: '2026-04-04', to: '2026-04-04' }, now)).total).toBe(1);
    expect((await leadAnalytics(store, { from: '2026-04-05', to: '2026-04-05' }, now)).total).toBe(0);
    expect((await leadAnalytics(store, { from: '2026-03-01', to: '2026-04-30' }, now)).total).toBe(3);
  });

  it('reads the leads of its range by _id (the days that captured them), never scanning every lead; a redelivery adds no id twice', async () => {
    const spec = await projectionSpec([leadsProjection]).given(history().flatMap((e) => [e, e]));
    expect(await spec.store.collection(LEAD_DAYS).findOne({ _id: '2026-03-10' })).toEqual({ _id: '2026-03-10', ids: ['late', 'early'] });
    const reads: { collection: string; filter: Record<string, unknown> }[] = [];
    const watched = Object.create(spec.store) as ReadStore;
    watched.collection = ((name: string) => {
      const c = spec.store.collection(name);
      const seen = Object.create(c) as typeof c;
      seen.find = (filter, options) => (reads.push({ collection: name, filter }), c.find(filter, options));
      return seen;
    }) as ReadStore['collection'];
    expect((await leadAnalytics(watched, { from: '2026-03-09', to: '2026-03-10' }, now)).total).toBe(2);
    expect(reads.map((r) => r.collection)).toEqual([LEAD_DAYS, LEADS]);
    expect(reads[1].filter._id).toEqual({ $in: ['late', 'early'] });
  });
});
