import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { accountsPersonalData, accountsPseudonymousStreams } from '../../application/personal-data/accounts-personal-data';
import { PersonalDataCodec } from '../../kernel/personal-data/pii-codec';
import { PseudonymousStreamIds } from '../../application/personal-data/pseudonymous-stream-ids';
import { rewriteEventLog } from '../../application/personal-data/rewrite-event-log';
import { encryptedStores, event, temporaryDataDir } from './support';

const SECRET = 'platform-secret-for-tests';
const ids = PseudonymousStreamIds.fromPlatformSecret(SECRET, accountsPseudonymousStreams);

describe('rewriteEventLog', () => {
  let data: ReturnType<typeof temporaryDataDir>;
  let stores: ReturnType<typeof encryptedStores>;
  let target: SqliteEventStore;
  beforeEach(() => {
    data = temporaryDataDir();
    stores = encryptedStores(data, accountsPersonalData, accountsPseudonymousStreams);
    target = SqliteEventStore.open(data.file('events.rewrite.sqlite'));
  });
  afterEach(async () => (await target.close(), await stores.close(), data.remove()));

  const rewrite = () =>
    rewriteEventLog({
      source: stores.raw,
      target,
      codec: new PersonalDataCodec(accountsPersonalData, stores.keys),
      streamIds: ids,
    });

  it('copies a mixed log (clear and encrypted) into one where every personal field and claim id is pseudonymous', async () => {
    const claim = (value: string, userId: string) => event('IdentityClaimed', { kind: 'email', value, userId, claimedAt: 'x' });
    const profile = (userId: string, email: string) => event('UserProfileUpdated', { userId, changes: { personalEmail: email }, updatedAt: 'x' });
    // Before encryption: clear values, a clear claim stream, a correlation id made from an email.
    const old = { ...profile('u0', 'old@gmail.com'), metadata: { ...profile('u0', 'x').metadata, correlationId: 'demo-seed-old@demo.cl' } };
    await stores.raw.append('emailclaim-old@demo.cl', [claim('old@demo.cl', 'u0')], 'no_stream');
    await stores.raw.append('user-u0', [old, profile('u0', 'older@gmail.com')], 'no_stream');
    await stores.raw.append('unit-1', [event('UnitPriced', { uf: 3150 })], 'no_stream');
    // After: encrypted values, a hashed claim stream.
    await stores.store.append('emailclaim-new@demo.cl', [claim('new@demo.cl', 'u1')], 'no_stream');
    await stores.store.append('user-u0', [profile('u0', 'newest@gmail.com')], 1);

    expect(await rewrite()).toEqual({ events: 6, streams: 4 });

    const raw = (await target.readAll({ fromPosition: 0, limit: 100 })).map((e) => JSON.stringify(e)).join('\n');
    for (const clear of ['old@demo.cl', 'new@demo.cl', 'old@gmail.com', 'older@gmail.com', 'newest@gmail.com']) expect(raw).not.toContain(clear);
    const readable = (await target.readAll({ fromPosition: 0, limit: 100 })).map((e) => e.streamId);
    expect(readable.filter((id) => id.startsWith('emailclaim-'))).toEqual([ids.stored('emailclaim-old@demo.cl'), ids.stored('emailclaim-new@demo.cl')]);
    // Read through the codec, the copy says what the original said, revisions and metadata included.
    const codec = new PersonalDataCodec(accountsPersonalData, stores.keys);
    const copy = await codec.decrypt(await target.readStream('user-u0'));
    expect(copy.map((e) => [e.revision, (e.data.changes as { personalEmail: string }).personalEmail])).toEqual([
      [0, 'old@gmail.com'],
      [1, 'older@gmail.com'],
      [2, 'newest@gmail.com'],
    ]);
    expect(copy[0].metadata.correlationId).toMatch(/^h\.[\w-]{43}$/);
    expect(copy[1].metadata.correlationId).toBe('c');
  });

  it('refuses a target that already holds events', async () => {
    await target.append('unit-1', [event('UnitPriced', { uf: 1 })], 'no_stream');
    await expect(rewrite()).rejects.toThrow('not empty');
  });
});
