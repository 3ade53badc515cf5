import type { ReadStore } from '../../../application/ports/read-store';
import { leadAnalytics } from '../../../read-models/lead-analytics/lead-analytics.queries';
import { leadsProjection } from '../../../read-models/leads/leads.projection';
import { LEAD_DAYS } from '../../../read-models/leads/leads.queries';
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

  it('reads the rows of its range by _id (the days that captured them), never the leads themselves; a redelivery changes no row', async () => {
    const once = await projectionSpec([leadsProjection]).given(history());
    const spec = await projectionSpec([leadsProjection]).given(history().flatMap((e) => [e, e]));
    const day = await spec.store.collection(LEAD_DAYS).findOne({ _id: '2026-03-10' });
    expect(day).toEqual(await once.store.collection(LEAD_DAYS).findOne({ _id: '2026-03-10' }));
    expect(Object.keys((day?.rows ?? {}) as object)).toEqual(['early']);
    const reads: { collection: string; filter: Record<string, unknown> }[] = [];
    const watched = Object.create(spec.store) as ReadStore;
    watched.collection = ((name: string) => {
      const c = spec.store.collection(name);
      const seen = Object.create(c) as typeof c;
      seen.find = (filter, options) => (reads.push({ collection: name, filter }), c.find(filter, options));
      seen.findOne = (filter, options) => (reads.push({ collection: name, filter }), c.findOne(filter, options));
      return seen;
    }) as ReadStore['collection'];
    expect((await leadAnalytics(watched, { from: '2026-03-09', to: '2026-03-10' }, now)).total).toBe(2);
    expect(reads).toEqual([{ collection: LEAD_DAYS, filter: { _id: { $in: ['2026-03-09', '2026-03-10'] } } }]);
  });

  it("a lead's row follows every change of its document: status, assignment, score, first contact, projects", async () => {
    const id = 'l1';
    const s = `lead-${id}`;
    const at = '2026-03-10T15:00:00.000Z';
    const spec = await projectionSpec([leadsProjection]).given([
      captured(id, at),
      recordedEvent(s, 1, 'LeadActivityRecorded', { leadId: id, kind: 'contact_request', projectId: 'p1', recordedAt: at }, { occurredAt: at }),
      recordedEvent(s, 2, 'LeadScored', { leadId: id, score: 72 }),
      recordedEvent(s, 3, 'LeadAssigned', {
        leadId: id,
        advisorId: 'adv-1',
        previousAdvisorId: null,
        assignedBy: 'boss',
        assignedAt: '2026-03-10T16:00:00.000Z',
        contactDueAt: '2026-03-11T15:00:00.000Z',
      }),
      recordedEvent(s, 4, 'LeadStatusChanged', {
        leadId: id,
        from: 'unfinished',
        to: 'downloaded',
        reason: 'llamado',
        changedBy: 'adv-1',
        changedAt: '2026-03-10T20:00:00.000Z',
        manual: true,
      }),
    ]);
    const day = await spec.store.collection(LEAD_DAYS).findOne({ _id: '2026-03-10' });
    expect((day?.rows as Record<string, unknown>)[id]).toEqual({
      status: 'downloaded',
      source: 'contact_request',
      score: 72,
      advisorId: 'adv-1',
      promisedAt: at,
      assignedAt: '2026-03-10T16:00:00.000Z',
      contactDueAt: '2026-03-11T15:00:00.000Z',
      firstContactAt: '2026-03-10T20:00:00.000Z',
      projectIds: ['p1'],
    });
    const figures = await leadAnalytics(spec.store, { from: '2026-03-10', to: '2026-03-10', projectIds: ['p1'] }, now);
    expect(figures).toMatchObject({ total: 1, firstContact: { contacted: 1, onTime: 1, medianHours: 5 } });
    expect(figures.byAdvisor).toEqual([{ advisorId: 'adv-1', total: 1, contacted: 1, onTime: 1, overdue: 0 }]);
    expect((await leadAnalytics(spec.store, { from: '2026-03-10', to: '2026-03-10', projectIds: ['p2'] }, now)).total).toBe(0);
    expect((await leadAnalytics(spec.store, { from: '2026-03-10', to: '2026-03-10', userIds: ['someone'] }, now)).total).toBe(0);
  });
});
