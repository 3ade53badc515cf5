import { SqliteReadStore } from '../../../adapters/embedded/sqlite-read-store';
import { AvailabilityAlertService } from '../../../application/alerts/availability-alert-service';
import { ALERTS } from '../../../read-models/alerts/alerts.projection';
import { waitingAlertsForUnits } from '../../../read-models/alerts/alerts.queries';
import type { AlertDoc } from '../../../read-models/alerts/alerts.projection';
import { interceptedStore } from '../../support/intercepted-store';

const alert = (id: string, projectId: string, unitId: string | null, createdAt: string, status: AlertDoc['status'] = 'active'): AlertDoc => ({
  _id: id,
  userId: `user-${id}`,
  projectId,
  projectName: projectId,
  unitId,
  unitNumber: unitId,
  status,
  createdAt,
  notifiedAt: null,
  notifiedUnitId: null,
  notifiedUnitNumber: null,
});

describe('waiting alerts of several freed units in one query', () => {
  let store: SqliteReadStore;
  beforeEach(async () => {
    store = SqliteReadStore.open(':memory:');
    const alerts = store.collection<AlertDoc>(ALERTS);
    for (const doc of [
      alert('a3', 'p1', 'u1', '2026-11-03T00:00:00.000Z'),
      alert('a1', 'p1', null, '2026-11-01T00:00:00.000Z'),
      alert('a2', 'p2', 'u2', '2026-11-02T00:00:00.000Z'),
      alert('a4', 'p2', null, '2026-11-04T00:00:00.000Z'),
      alert('a5', 'p1', 'u1', '2026-11-05T00:00:00.000Z', 'notified'),
      alert('a6', 'p1', 'u7', '2026-11-06T00:00:00.000Z'),
    ])
      await alerts.insertOne(doc);
  });
  afterEach(() => store.close());

  it("answers each unit what its own lookup answers: the unit's alerts and its project's, oldest first, active only", async () => {
    const units = [
      { projectId: 'p1', unitId: 'u1' },
      { projectId: 'p2', unitId: 'u2' },
      { projectId: 'p1', unitId: 'u8' },
      { projectId: 'p3', unitId: 'u9' },
      { projectId: 'p1', unitId: 'u1' },
    ];
    const ids = (list: { alertId: string }[]) => list.map((a) => a.alertId);
    const together = await waitingAlertsForUnits(store, units);
    expect(together.map(ids)).toEqual([['a1', 'a3'], ['a2', 'a4'], ['a1'], [], ['a1', 'a3']]);
    for (const [i, unit] of units.entries()) expect(await waitingAlertsForUnits(store, [unit])).toEqual([together[i]]);
    expect(together[0][1]).toEqual({ alertId: 'a3', userId: 'user-a3' });
  });

  it('the alerts process looks up units freed at the same moment with one query', async () => {
    let finds = 0;
    const counting = interceptedStore(store, 'find', (collection, ...args) => (finds++, collection.find(...args)));
    // Nobody waits for these units: the service answers from the lookup alone, before the catalogue or the mailer.
    const unused = {} as never;
    const service = new AvailabilityAlertService(unused, counting, unused, unused, unused, unused, 'http://localhost');
    const cause = { correlationId: 'c', causationId: 'x' };
    const told = await Promise.all(Array.from({ length: 12 }, (_, i) => service.unitFreed('p9', `free-${i}`, '2026-11-10T00:00:00.000Z', cause)));
    expect(told).toEqual(Array(12).fill(0));
    expect(finds).toBe(1);
    // One after another, each is a query of its own (a batch, never a cache).
    await service.unitFreed('p9', 'free-0', '2026-11-10T00:00:00.000Z', cause);
    await service.unitFreed('p9', 'free-0', '2026-11-10T00:00:00.000Z', cause);
    expect(finds).toBe(3);
  });
});
