import { accountsPersonalData, accountsPseudonymousStreams } from '../../application/personal-data/accounts-personal-data';
import { eraseSubject } from '../../application/personal-data/erase-subject';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { userDecider } from '../../domain/accounts/user.decide';
import { SHREDDED_TEXT } from '../../kernel/personal-data/pii-codec';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import { Deferred } from '../contract/deferred';
import { describeEventStoreContract } from '../contract/event-store.contract';
import { encryptedStores, event, META, temporaryDataDir } from './support';

// Every method of the port behaves as the undecorated store does.
describeEventStoreContract('encrypting decorator over a SQLite file', async () => {
  const data = temporaryDataDir();
  const stores = encryptedStores(data, accountsPersonalData, accountsPseudonymousStreams);
  return { store: stores.store, cleanup: async () => (await stores.close(), data.remove()) };
});

const ANA = { name: 'Ana', firstLastName: 'Pérez', secondLastName: 'Lagos', personalEmail: 'ana.perez@gmail.com', phone: '+56912345678', post: 'collaborator' };
const registered = (userId: string, profile: typeof ANA, email: string, rut: string) =>
  event('UserRegistered', {
    userId,
    ...profile,
    email,
    rut,
    passwordHash: 'scrypt$x',
    verificationTokenHash: 'h',
    verificationExpiresAt: 'e',
    registeredAt: 'r',
  });

const CLEAR = ['Ana', 'Pérez', 'Lagos', 'ana.perez@gmail.com', '+56912345678', 'ana@constructora.cl', '12.345.678-5'];

describe('EncryptingEventStore', () => {
  let data: ReturnType<typeof temporaryDataDir>;
  let stores: ReturnType<typeof encryptedStores>;
  beforeEach(() => {
    data = temporaryDataDir();
    stores = encryptedStores(data, accountsPersonalData, accountsPseudonymousStreams);
  });
  afterEach(async () => (await stores.close(), data.remove()));

  const signUp = async () => {
    await stores.store.append('user-u1', [registered('u1', ANA, 'ana@constructora.cl', '12.345.678-5')], 'no_stream');
    await stores.store.append('user-u1', [event('UserProfileUpdated', { userId: 'u1', changes: { phone: '+56987654321' }, updatedAt: 'x' })], 0);
    await stores.store.append(
      'user-u2',
      [registered('u2', { ...ANA, name: 'Berta', personalEmail: 'berta@gmail.com' }, 'berta@constructora.cl', '9.876.543-3')],
      'no_stream',
    );
  };

  it('keeps no name, email, RUT or phone in clear in events.sqlite or its WAL', async () => {
    await signUp();
    const bytes = data.rawBytes('events.sqlite').toString('utf8');
    for (const clear of [...CLEAR, '+56987654321', 'berta@gmail.com', '9.876.543-3']) expect(bytes).not.toContain(clear);
    expect(bytes).toContain('scrypt$x'); // the search finds what is stored in clear
  });

  it('stores ciphertext but answers clear data on readStream, readAll and subscriptions', async () => {
    await signUp();
    const [stored] = await stores.raw.readStream('user-u1');
    expect(stored.data.email).toMatchObject({ $pii: 1, s: 'u1' });

    const [read, updated] = await stores.store.readStream('user-u1');
    expect(read.data).toMatchObject({ ...ANA, email: 'ana@constructora.cl', rut: '12.345.678-5' });
    expect(updated.data.changes).toEqual({ phone: '+56987654321' });

    const all = await stores.store.readAll({ fromPosition: 0, limit: 10 });
    expect(all.map((e) => e.data.email)).toEqual(['ana@constructora.cl', undefined, 'berta@constructora.cl']);

    const delivered = new Deferred<readonly RecordedEvent[]>();
    const subscription = stores.store.subscribeToAll({ fromPosition: 0, onEvents: async (events) => delivered.resolve(events) });
    expect((await delivered.promise).map((e) => e.data.rut)).toEqual(['12.345.678-5', undefined, '9.876.543-3']);
    await subscription.stop();
  });

  it('reads events written in clear before encryption as they are', async () => {
    await stores.raw.append('user-u0', [registered('u0', ANA, 'old@constructora.cl', '5.555.555-5')], 'no_stream');
    const [legacy] = await stores.store.readStream('user-u0');
    expect(legacy.data.email).toBe('old@constructora.cl');
  });

  describe('streams named after an email or a RUT', () => {
    const claim = (value: string, userId: string) => event('IdentityClaimed', { kind: 'email', value, userId, claimedAt: 'x' });

    it('are stored under a keyed hash of their id, and read back by the clear id', async () => {
      await stores.store.append('emailclaim-ana@constructora.cl', [claim('ana@constructora.cl', 'u1')], 'no_stream');
      expect(data.rawBytes('events.sqlite').toString('utf8')).not.toContain('ana@constructora.cl');
      const [read] = await stores.store.readStream('emailclaim-ana@constructora.cl');
      expect(read.data.value).toBe('ana@constructora.cl');
      expect(read.streamId).toMatch(/^emailclaim-h\.[\w-]{43}$/);
      expect((await stores.store.readAll({ fromPosition: 0, limit: 10 }))[0].streamId).toBe(read.streamId);
      expect(await stores.raw.readStream('emailclaim-ana@constructora.cl')).toEqual([]);
      // optimistic concurrency holds on the hashed stream
      await expect(stores.store.append('emailclaim-ana@constructora.cl', [claim('ana@constructora.cl', 'u2')], 'no_stream')).rejects.toThrow(
        'expected revision',
      );
    });

    it('one written under its clear id before encryption keeps being read and appended there', async () => {
      await stores.raw.append('emailclaim-old@constructora.cl', [claim('old@constructora.cl', 'u0')], 'no_stream');
      const legacy = await stores.store.readStream('emailclaim-old@constructora.cl');
      expect(legacy.map((e) => e.data.userId)).toEqual(['u0']);
      await stores.store.append(
        'emailclaim-old@constructora.cl',
        [event('IdentityReleased', { kind: 'email', value: 'old@constructora.cl', userId: 'u0', releasedAt: 'y' })],
        0,
      );
      expect((await stores.raw.readStream('emailclaim-old@constructora.cl')).map((e) => e.type)).toEqual(['IdentityClaimed', 'IdentityReleased']);
    });
  });

  describe("over its file's sole writer", () => {
    const claim = (value: string, userId: string) => event('IdentityClaimed', { kind: 'email', value, userId, claimedAt: 'x' });
    let sole: ReturnType<typeof encryptedStores>;
    beforeEach(async () => {
      await stores.close();
      sole = encryptedStores(data, accountsPersonalData, accountsPseudonymousStreams, { soleWriter: true });
    });
    afterEach(async () => {
      await sole.close();
      stores = encryptedStores(data, accountsPersonalData, accountsPseudonymousStreams); // closed by the outer afterEach
    });

    it('tells the last revision of a stream stored under its keyed hash, once it knows no legacy stream has the clear id', async () => {
      const id = 'emailclaim-ana@constructora.cl';
      expect(sole.store.knownLastRevision(id)).toBeUndefined();
      await sole.store.append(id, [claim('ana@constructora.cl', 'u1')], 'no_stream');
      const [stored] = await sole.store.readStream(id);
      expect(sole.raw.knownLastRevision(id)).toBe(-1); // the clear id, looked up once
      expect(sole.raw.knownLastRevision(stored.streamId)).toBe(0);
      expect(sole.store.knownLastRevision(id)).toBe(0);
      // A plain stream is its own id.
      await sole.store.append('user-u1', [registered('u1', ANA, 'ana@constructora.cl', '12.345.678-5')], 'no_stream');
      expect(sole.store.knownLastRevision('user-u1')).toBe(0);
    });

    it('a stream written under its clear id before encryption is the one it tells of, and appends go on there', async () => {
      const id = 'emailclaim-old@constructora.cl';
      await sole.raw.append(id, [claim('old@constructora.cl', 'u0')], 'no_stream');
      expect(sole.store.knownLastRevision(id)).toBe(0);
      await sole.store.append(id, [event('IdentityReleased', { kind: 'email', value: 'old@constructora.cl', userId: 'u0', releasedAt: 'y' })], 0);
      expect(sole.store.knownLastRevision(id)).toBe(1);
      expect((await sole.raw.readStream(id)).map((e) => e.type)).toEqual(['IdentityClaimed', 'IdentityReleased']);
    });
  });

  describe('eraseSubject', () => {
    it('shreds the key: the person reads as "titular suprimido" everywhere, the others in clear', async () => {
      await signUp();
      const result = await eraseSubject({ keys: stores.keys, events: stores.store }, 'u1', META);
      expect(result.erased).toBe(true);

      const [read, updated] = await stores.store.readStream('user-u1');
      expect(read.data).toMatchObject({ userId: 'u1', name: SHREDDED_TEXT, email: SHREDDED_TEXT, rut: SHREDDED_TEXT, post: 'collaborator' });
      expect(updated.data.changes).toEqual({ phone: SHREDDED_TEXT });
      const [berta] = await stores.store.readStream('user-u2');
      expect(berta.data).toMatchObject({ name: 'Berta', email: 'berta@constructora.cl', rut: '9.876.543-3' });

      const delivered = new Deferred<readonly RecordedEvent[]>();
      const subscription = stores.store.subscribeToAll({ fromPosition: 0, onEvents: async (events) => delivered.resolve(events) });
      expect((await delivered.promise).map((e) => e.data.name)).toEqual([SHREDDED_TEXT, undefined, 'Berta', undefined]);
      await subscription.stop();
    });

    it('commands no longer see the person in clear: the state kept per stream is forgotten', async () => {
      await signUp();
      const before = await loadStream(stores.store, 'user-u1', userDecider);
      expect(before.state).toMatchObject({ email: 'ana@constructora.cl', rut: '12.345.678-5' });
      await eraseSubject({ keys: stores.keys, events: stores.store }, 'u1', META);
      const after = await loadStream(stores.store, 'user-u1', userDecider);
      expect(after.revision).toBe(before.revision);
      expect(after.state).toMatchObject({ email: SHREDDED_TEXT, rut: SHREDDED_TEXT });
    });

    it('records PersonalDataErased once, on a stream named by the pseudonymous id only', async () => {
      await signUp();
      const first = await eraseSubject({ keys: stores.keys, events: stores.store }, 'u1', META);
      const again = await eraseSubject({ keys: stores.keys, events: stores.store }, 'u1', { ...META, now: new Date('2026-03-05T00:00:00.000Z') });
      expect(again).toEqual({ erased: false, position: 0 });
      const recorded = await stores.store.readStream('personaldata-u1');
      expect(recorded.map((e) => [e.type, e.data, e.globalPosition])).toEqual([
        ['PersonalDataErased', { subjectId: 'u1', erasedAt: '2026-03-02T10:00:00.000Z' }, first.position],
      ]);
      expect(recorded[0].metadata).toMatchObject({ actorId: 'admin-1', correlationId: 'erase-1' });
    });

    it('later events of the erased person store no personal data at all', async () => {
      await signUp();
      await eraseSubject({ keys: stores.keys, events: stores.store }, 'u1', META);
      await stores.store.append('user-u1', [event('UserProfileUpdated', { userId: 'u1', changes: { name: 'Anita' }, updatedAt: 'y' })], 1);
      expect(data.rawBytes('events.sqlite').toString('utf8')).not.toContain('Anita');
      expect((await stores.store.readStream('user-u1', { fromRevision: 2 }))[0].data.changes).toEqual({ name: SHREDDED_TEXT });
    });
  });
});
