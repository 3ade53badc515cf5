import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import { LEAD_ACTIVITIES, leadActivities, LEADS, leadsProjection, type LeadActivityPage, type LeadDoc } from '../../read-models/leads/leads.projection';
import { deliver, expectRedeliveryChangesNothing, projectionSpec, recordedEvent } from '../support/projection-spec';

const T0 = Date.parse('2026-11-20T12:00:00.000Z');
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

/** A lead captured, then `n` website visits (revisions 1..n of its stream). */
const visits = (n: number) => [
  recordedEvent('lead-l1', 0, 'LeadCaptured', { leadId: 'l1', name: 'Ana Pérez', email: 'ana@example.cl', source: 'website_visit', capturedAt: at(0) }),
  ...Array.from({ length: n }, (_, i) =>
    recordedEvent('lead-l1', i + 1, 'LeadActivityRecorded', {
      leadId: 'l1',
      activityId: `a${i + 1}`,
      kind: 'website_visit',
      projectId: `p${i % 3}`,
      contact: {},
      recordedAt: at(i + 1),
    }),
  ),
];

describe('lead activities, in pages of their own', () => {
  it("a long-lived lead's document stays the size of its fields; its activities fill pages of 25, read back in order", async () => {
    const { store } = await projectionSpec([leadsProjection]).given(visits(120));
    const lead = (await store.collection<LeadDoc>(LEADS).findOne({ _id: 'l1' }))!;
    expect(lead).toMatchObject({ activityCount: 120, websiteVisits: 120, projectIds: ['p0', 'p1', 'p2'] });
    expect(lead).not.toHaveProperty('activities');
    const few = (await projectionSpec([leadsProjection]).given(visits(2))).store;
    const small = (await few.collection<LeadDoc>(LEADS).findOne({ _id: 'l1' }))!;
    // Same fields, the counts and dates longer by a few characters: not 118 activities longer.
    expect(JSON.stringify(lead).length - JSON.stringify(small).length).toBeLessThan(20);

    const pages = await store.collection<LeadActivityPage>(LEAD_ACTIVITIES).find({}, { sort: { _id: 1 } });
    expect(pages.map((p) => [p._id, p.items.length])).toEqual([...[0, 1, 2, 3].map((page) => [`l1#${page}`, 25]), ['l1#4', 20]]);
    const activities = await leadActivities(store, lead);
    expect(activities.map((a) => a.activityId)).toEqual(Array.from({ length: 120 }, (_, i) => `a${i + 1}`));
    expect(activities[0]).toMatchObject({ kind: 'website_visit', projectId: 'p0', at: at(1) });
  });

  it('each event delivered twice, across the pages, gives the same documents', async () => {
    await expectRedeliveryChangesNothing([leadsProjection], visits(25 + 3));
  });

  it('a crash after the page was written and before the count moved: the redelivery counts it once, on that page', async () => {
    const events = visits(25 + 1);
    const spec = await projectionSpec([leadsProjection]).given(events.slice(0, -1));
    const first = events[events.length - 1];
    // What the interrupted delivery wrote: the activity on page 1, the lead's count not yet.
    await guardedUpsert(spec.store.collection(LEAD_ACTIVITIES), 'l1#1', first, {
      $set: { leadId: 'l1' },
      $push: { items: { activityId: first.data.activityId, kind: 'website_visit', projectId: first.data.projectId, at: first.data.recordedAt } },
    });
    await deliver(leadsProjection, first, spec.store);
    const clean = await projectionSpec([leadsProjection]).given(events);
    expect(await spec.snapshot()).toEqual(await clean.snapshot());
  });
});
