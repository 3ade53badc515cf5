import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import { listAdvisors } from '../../application/leads/lead-queries';
import { ProjectionRunner } from '../../kernel/projections/projection-runner';
import { listRoleChanges } from '../../read-models/role-history/role-history.queries';
import { roleHistoryProjection } from '../../read-models/role-history/role-history.projection';
import { getUser } from '../../read-models/users/users.queries';
import { usersProjection } from '../../read-models/users/users.projection';
import { DEFAULT_EVENT_METADATA, projectionSpec, recordedEvent } from '../support/projection-spec';

const meta = DEFAULT_EVENT_METADATA;
const recorded = recordedEvent;

const registered = recorded('user-u1', 0, 'UserRegistered', {
  userId: 'u1',
  email: 'ana@empresa.cl',
  rut: '12345678-5',
  name: 'Ana',
  firstLastName: 'Pérez',
  secondLastName: 'Soto',
  personalEmail: 'ana@gmail.com',
  phone: '+56912345678',
  post: 'collaborator',
  passwordHash: 'secret-hash',
  verificationTokenHash: 'h',
  verificationExpiresAt: 'x',
  registeredAt: '2026-11-22T11:00:00.000Z',
});
const granted = recorded('user-roles-u1', 0, 'UserRolesAdded', {
  userId: 'u1',
  changeType: 'added',
  previousRoles: [],
  newRoles: ['user'],
  added: ['user'],
  removed: [],
  modifiedBy: 'system',
  modifiedByRoles: [],
  reason: 'Registro',
  changedAt: '2026-11-22T11:00:00.000Z',
});
const verified = recorded('user-u1', 1, 'UserEmailVerified', { userId: 'u1', verifiedAt: '2026-11-22T11:05:00.000Z' });
const promoted = recorded('user-roles-u1', 1, 'UserRolesModified', {
  userId: 'u1',
  changeType: 'modified',
  previousRoles: ['user'],
  newRoles: ['advisor'],
  added: ['advisor'],
  removed: ['user'],
  modifiedBy: 'admin-1',
  modifiedByRoles: ['admin'],
  reason: 'Cambio de cargo',
  changedAt: '2026-11-22T12:00:00.000Z',
});
const disabled = recorded('user-u1', 2, 'UserDisabled', { userId: 'u1', reason: 'baja', disabledAt: 'x' });

/** Given these events, the users and role-history read models (tests/support/projection-spec.ts). */
const given = (events: readonly RecordedEvent[]) => projectionSpec([usersProjection, roleHistoryProjection]).given(events);

describe('users and role-history projections', () => {
  const inOrder = [registered, granted, verified, promoted, disabled];

  it('build the documents the back office reads (and never copy the password hash)', async () => {
    const { store } = await given(inOrder);
    const user = await getUser(store, 'u1');
    expect(user).toMatchObject({ email: 'ana@empresa.cl', roles: ['advisor'], rolesRevision: 1, verified: true, status: 'disabled' });
    expect(JSON.stringify(await store.collection('users').find({}))).not.toContain('secret-hash');
    const history = await listRoleChanges(store, { userId: 'u1', page: 1, perPage: 10 });
    expect(history.items.map((i) => i.changeType)).toEqual(['modified', 'added']);
  });

  it('the same events delivered twice give the same documents', async () => {
    const once = await given(inOrder);
    const twice = await given(inOrder.flatMap((e) => [e, e]));
    await twice.given(inOrder); // and a whole redelivery after the fact
    expect(await twice.snapshot()).toEqual(await once.snapshot());
  });

  it('streams interleaved differently (Kafka orders per key only) converge to the same documents', async () => {
    const ordered = await given(inOrder);
    const interleaved = await given([granted, promoted, registered, verified, disabled]);
    expect((await interleaved.snapshot()).users).toEqual((await ordered.snapshot()).users);
  });

  it('every interleaving of the user and role streams gives the same documents, defaults included', async () => {
    // On a fresh broker the roles event came first: the document it created lacked `disabled`, and the seeded
    // advisor was missing from the advisors a lead may be assigned to (which asks for disabled: false).
    const merges = (a: RecordedEvent[], b: RecordedEvent[]): RecordedEvent[][] =>
      a.length === 0 ? [b] : b.length === 0 ? [a] : [...merges(a.slice(1), b).map((m) => [a[0], ...m]), ...merges(a, b.slice(1)).map((m) => [b[0], ...m])];
    const ordered = await given([registered, granted, verified, promoted]);
    const interleavings = merges([registered, verified], [granted, promoted]);
    expect(interleavings).toHaveLength(6);
    for (const events of interleavings) {
      const { store, snapshot } = await given(events);
      expect({ events: events.map((e) => e.type), users: (await snapshot()).users }).toEqual({
        events: events.map((e) => e.type),
        users: (await ordered.snapshot()).users,
      });
      expect((await listAdvisors(store)).items.map((a) => a.id)).toEqual(['u1']);
    }
  });

  it('an older event of a stream arriving late changes nothing', async () => {
    const { store } = await (await given([registered, granted, promoted])).given([granted]);
    expect((await getUser(store, 'u1'))!.roles).toEqual(['advisor']);
  });
});

describe('projection runner', () => {
  it('catches up from the log, keeps its checkpoint beside the documents and rebuilds blue-green', async () => {
    const events = new SqliteEventStore(openDatabase(':memory:'));
    const store = new SqliteReadStore(openDatabase(':memory:'));
    for (const e of [registered, verified])
      await events.append(e.streamId, [{ type: e.type, data: e.data, metadata: meta }], e.revision === 0 ? 'no_stream' : e.revision - 1);
    const last = await events.append(granted.streamId, [{ type: granted.type, data: granted.data, metadata: meta }], 'no_stream');
    const runner = new ProjectionRunner(events, store, [usersProjection, roleHistoryProjection]);
    await runner.start();
    expect(await runner.waitFor(last.lastGlobalPosition, 5000)).toBe(true);
    expect((await getUser(store, 'u1'))!.roles).toEqual(['user']);
    expect(await store.collection('_checkpoints').findOne({ _id: 'users' })).toMatchObject({ position: last.lastGlobalPosition });

    // Corrupt the read model, then rebuild: the events are the truth.
    await store.collection('users').updateOne({ _id: 'u1' }, { $set: { roles: ['pirate'] } });
    await runner.rebuild('users');
    expect((await getUser(store, 'u1'))!.roles).toEqual(['user']);
    expect(await store.listCollections()).not.toContain('users__rebuild');

    // Live again after the switch.
    const more = await events.append(promoted.streamId, [{ type: promoted.type, data: promoted.data, metadata: meta }], 0);
    expect(await runner.waitFor(more.lastGlobalPosition, 5000)).toBe(true);
    expect((await getUser(store, 'u1'))!.roles).toEqual(['advisor']);
    await runner.stop();
  });

  it('persists the checkpoint when it applied something, else only every 500 events (reads still see the position)', async () => {
    const events = new SqliteEventStore(openDatabase(':memory:'));
    const store = new SqliteReadStore(openDatabase(':memory:'));
    const runner = new ProjectionRunner(events, store, [roleHistoryProjection]);
    await runner.start();
    const noise = (i: number) => events.append(`noise-${i}`, [{ type: 'SomethingElseHappened', data: { i }, metadata: meta }], 'no_stream');
    let last = await noise(0);
    expect(await runner.waitFor(last.lastGlobalPosition, 5000)).toBe(true);
    expect(await store.collection('_checkpoints').findOne({ _id: 'role-history' })).toBeNull();
    for (let i = 1; i <= 500; i++) last = await noise(i);
    expect(await runner.waitFor(last.lastGlobalPosition, 5000)).toBe(true);
    expect((await store.collection('_checkpoints').findOne({ _id: 'role-history' }))!.position).toBeGreaterThanOrEqual(500);
    await runner.stop();
  });

  it('waitFor answers false when the position is not reached in time', async () => {
    const runner = new ProjectionRunner(new SqliteEventStore(openDatabase(':memory:')), new SqliteReadStore(openDatabase(':memory:')), [usersProjection]);
    await runner.start();
    expect(await runner.waitFor(999, 50)).toBe(false);
    await runner.stop();
  });
});
