import type { ReadStore } from '../../../kernel/ports/read-store';
import { leadAnalytics } from '../../../read-models/lead-analytics/lead-analytics.queries';
import { leadsProjection } from '../../../read-models/leads/leads.projection';
import { LEAD_DAY_ROWS, LEAD_DAYS, leadDayRowIds, type LeadDayRows, type LeadRow } from '../../../read-models/leads/leads.queries';
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

/** The rows of a day's leads, from its shards. */
const rowsOf = async (store: ReadStore, day: string): Promise<Record<string, LeadRow>> => {
  const shards = await store.collection<LeadDayRows>(LEAD_DAY_ROWS).find({ _id: { $in: leadDayRowIds(day) } });
  return Object.assign({}, ...shards.map((s) => s.rows ?? {}));
};

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
    expect(await rowsOf(spec.store, '2026-03-10')).toEqual(await rowsOf(once.store, '2026-03-10'));
    expect(Object.keys(await rowsOf(spec.store, '2026-03-10'))).toEqual(['early']);
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
    expect((await rowsOf(spec.store, '2026-03-10'))[id]).toEqual({
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

  it("a busy day's rows are spread over shards, and an activity that moves no figure leaves the day's tally unwritten", async () => {
    const day = '2026-03-12';
    const leads = Array.from({ length: 320 }, (_, i) => captured(`busy-${i}`, `${day}T15:${String(i % 60).padStart(2, '0')}:00.000Z`));
    const spec = await projectionSpec([leadsProjection]).given(leads);
    const shards = await spec.store.collection<LeadDayRows>(LEAD_DAY_ROWS).find({ _id: { $in: leadDayRowIds(day) } });
    const sizes = shards.map((s) => Object.keys(s.rows ?? {}).length);
    expect(shards).toHaveLength(16);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(320);
    // 20 per shard on average: none near the whole day.
    expect(Math.max(...sizes)).toBeLessThan(40);
    expect(await spec.store.collection(LEAD_DAYS).findOne({ _id: day })).not.toHaveProperty('rows');
    expect((await leadAnalytics(spec.store, { from: day, to: day }, now)).total).toBe(320);
    const writes: string[] = [];
    const watched = Object.create(spec.store) as ReadStore;
    watched.collection = ((name: string) => {
      const c = spec.store.collection(name);
      const seen = Object.create(c) as typeof c;
      seen.updateOne = (filter, update, options) => (writes.push(name), c.updateOne(filter, update, options));
      return seen;
    }) as ReadStore['collection'];
    // A second visit to a project the lead already counts: its row is the same, the day's figures too.
    const visit = (revision: number) =>
      recordedEvent('lead-busy-0', revision, 'LeadActivityRecorded', {
        leadId: 'busy-0',
        kind: 'website_visit',
        projectId: 'p1',
        recordedAt: `${day}T16:00:00.000Z`,
      });
    await leadsProjection.apply(visit(1) as never, watched);
    writes.length = 0;
    await leadsProjection.apply(visit(2) as never, watched);
    expect(writes).not.toContain(LEAD_DAYS);
    expect(writes).toContain(LEAD_DAY_ROWS);
  });

  it("the days' tallies give what summing every lead does, through status changes, assignments, contacts and redeliveries", async () => {
    // A seeded history: leads captured over 20 days, each touching a project, then scored, assigned,
    // contacted (early or late), moved to a final status or reassigned, in an order decided by the seed.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const events: ReturnType<typeof recordedEvent>[] = [];
    for (let i = 0; i < 60; i++) {
      const id = `t${i}`;
      const s = `lead-${id}`;
      const capturedAt = new Date(Date.parse('2026-03-01T12:00:00.000Z') + Math.floor(random() * 20) * 86_400_000 + i * 60_000).toISOString();
      const later = (hours: number) => new Date(Date.parse(capturedAt) + hours * 3_600_000).toISOString();
      let revision = 0;
      const next = (type: string, data: Record<string, unknown>) => events.push(recordedEvent(s, revision++, type, { leadId: id, ...data }));
      events.push(
        recordedEvent(s, revision++, 'LeadCaptured', {
          leadId: id,
          source: random() < 0.5 ? 'contact_request' : 'quote_downloaded',
          name: id,
          email: `${id}@x.cl`,
          capturedAt,
          ...(random() < 0.5 ? { userId: `u${i % 4}` } : {}),
        }),
      );
      next('LeadActivityRecorded', { kind: random() < 0.6 ? 'contact_request' : 'website_visit', projectId: `p${i % 3}`, recordedAt: capturedAt });
      next('LeadScored', { score: Math.floor(random() * 101) });
      if (random() < 0.7)
        next('LeadAssigned', { advisorId: `adv-${i % 3}`, previousAdvisorId: null, assignedBy: 'boss', assignedAt: later(1), contactDueAt: later(25) });
      const fate = random();
      if (fate < 0.5)
        next('LeadStatusChanged', {
          from: 'unfinished',
          to: 'downloaded',
          reason: 'llamado',
          changedBy: 'adv',
          changedAt: later(fate < 0.25 ? 3.27 : 30.5),
          manual: true,
        });
      if (fate > 0.35 && fate < 0.6)
        next('LeadStatusChanged', { from: 'downloaded', to: 'rejected', reason: 'no', changedBy: 'adv', changedAt: later(40), manual: true });
      if (fate > 0.8)
        next('LeadAssigned', { advisorId: 'adv-9', previousAdvisorId: `adv-${i % 3}`, assignedBy: 'boss', assignedAt: later(2), contactDueAt: later(26) });
      if (random() < 0.2) next('LeadScored', { score: Math.floor(random() * 101) });
    }
    const once = await projectionSpec([leadsProjection]).given(events);
    const twice = await projectionSpec([leadsProjection]).given(events.flatMap((e) => [e, e]));
    const range = { from: '2026-02-28', to: '2026-03-25' };
    const sorted = (f: Awaited<ReturnType<typeof leadAnalytics>>) => ({
      ...f,
      byAdvisor: [...f.byAdvisor].sort((a, b) => String(a.advisorId).localeCompare(String(b.advisorId))),
    });
    // Read at several moments: before, during and after the days the open leads fall due (overdue is decided
    // by the hour on the day being lived, by the whole day before and after it).
    for (const iso of [
      '2026-03-01T00:00:00.000Z',
      '2026-03-10T14:30:00.000Z',
      '2026-03-12T00:00:00.000Z',
      '2026-03-16T23:59:00.000Z',
      '2026-06-01T00:00:00.000Z',
    ]) {
      const at = new Date(iso);
      const fromTallies = await leadAnalytics(once.store, range, at);
      // Every lead touched one of p0..p2: the scoped read sums every lead's row instead of the tallies.
      const fromRows = await leadAnalytics(once.store, { ...range, projectIds: ['p0', 'p1', 'p2'] }, at);
      expect(fromTallies.total).toBe(60);
      expect(fromTallies.firstContact.contacted).toBeGreaterThan(5);
      expect(fromTallies.firstContact.overdue + fromTallies.firstContact.pending).toBeGreaterThan(5);
      expect(sorted(fromTallies)).toEqual(sorted(fromRows));
      expect(await leadAnalytics(twice.store, range, at)).toEqual(fromTallies);
    }
    const early = await leadAnalytics(once.store, range, new Date('2026-03-01T00:00:00.000Z'));
    expect(early.firstContact.overdue).toBe(0);
    const june = new Date('2026-06-01T00:00:00.000Z');
    const late = await leadAnalytics(once.store, range, june);
    expect(late.firstContact.pending).toBe(0);
    // Part of the range, and one project's leads.
    const part = { from: '2026-03-05', to: '2026-03-09' };
    expect((await leadAnalytics(once.store, part, june)).total).toBeLessThan(60);
    expect((await leadAnalytics(once.store, { ...range, projectIds: ['p1'] }, june)).total).toBe(20);
  });
});
