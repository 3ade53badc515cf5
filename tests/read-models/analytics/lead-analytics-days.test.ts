import { openDatabase } from '../../../adapters/embedded/sqlite-database';
import { SqliteReadStore } from '../../../adapters/embedded/sqlite-read-store';
import { leadAnalytics } from '../../../read-models/lead-analytics/lead-analytics.queries';
import { LEADS } from '../../../read-models/leads/leads.queries';

describe("lead dashboard's from/to are Chile's calendar days", () => {
  it('a lead captured at 23:30 in Santiago counts on that day, one at 00:30 on the next', async () => {
    const store = new SqliteReadStore(openDatabase(':memory:'));
    const lead = (id: string, createdAt: string) => ({ _id: id, email: `${id}@x.cl`, status: 'unfinished', source: 'contact_form', createdAt });
    await store.collection(LEADS).insertOne(lead('late', '2026-03-10T02:30:00.000Z')); // 9 March 23:30 (-03)
    await store.collection(LEADS).insertOne(lead('early', '2026-03-10T03:30:00.000Z')); // 10 March 00:30
    await store.collection(LEADS).insertOne(lead('winter', '2026-04-05T03:30:00.000Z')); // 4 April 23:30 (-04, the hour repeated)
    const now = new Date('2026-05-01T12:00:00.000Z');
    expect((await leadAnalytics(store, { from: '2026-03-09', to: '2026-03-09' }, now)).total).toBe(1);
    expect((await leadAnalytics(store, { from: '2026-03-10', to: '2026-03-10' }, now)).total).toBe(1);
    expect((await leadAnalytics(store, { from: '2026-04-04', to: '2026-04-04' }, now)).total).toBe(1);
    expect((await leadAnalytics(store, { from: '2026-04-05', to: '2026-04-05' }, now)).total).toBe(0);
  });
});
