import { SubjectErasedError, type KeyStore } from '../../kernel/ports/key-store';

const SECRET = 'platform-secret-for-tests';
const AT = '2026-03-01T12:00:00.000Z';

/**
 * The KeyStore port's behaviour, run against every adapter. The factory gives an empty place to keep keys;
 * `open` may be called more than once (a restart, or a second process sharing the place).
 */
export function describeKeyStoreContract(
  name: string,
  factory: () => Promise<{ open(platformSecret: string): Promise<KeyStore>; cleanup(): Promise<void> }>,
): void {
  describe(`KeyStore contract: ${name}`, () => {
    let open: (platformSecret: string) => Promise<KeyStore>;
    let cleanup: () => Promise<void>;
    let store: KeyStore;
    const opened: KeyStore[] = [];

    beforeEach(async () => {
      ({ open, cleanup } = await factory());
      store = await reopen();
    });

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()));
      await cleanup();
    });

    const reopen = async (secret = SECRET) => {
      const s = await open(secret);
      opened.push(s);
      return s;
    };

    it('creates a random 256-bit key on first use and answers the same key afterwards', async () => {
      const key = await store.dataKeyFor('user-1');
      expect(key).toHaveLength(32);
      expect(await store.dataKeyFor('user-1')).toEqual(key);
      expect(await store.find('user-1')).toEqual(key);
      expect(await store.dataKeyFor('user-2')).not.toEqual(key);
    });

    it('finds nothing for a subject that never had a key, and creates none by looking', async () => {
      expect(await store.find('nobody')).toBeNull();
      expect(await store.isErased('nobody')).toBe(false);
      expect(await store.listSubjects()).toEqual([]);
    });

    it('gives every one of 10 concurrent first uses the same key', async () => {
      const other = await reopen();
      const keys = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? other : store).dataKeyFor('user-1')));
      expect(new Set(keys.map((k) => k.toString('hex'))).size).toBe(1);
    });

    it('keeps keys across a reopen with the same platform secret', async () => {
      const key = await store.dataKeyFor('user-1');
      expect(await (await reopen()).find('user-1')).toEqual(key);
    });

    it('cannot unwrap keys under another platform secret', async () => {
      await store.dataKeyFor('user-1');
      const stranger = await reopen('another-secret');
      await expect(stranger.find('user-1')).rejects.toThrow();
    });

    it('lists the subjects holding a live key', async () => {
      await store.dataKeyFor('user-1');
      await store.dataKeyFor('user-2');
      await store.dataKeyFor('user-3');
      await store.shred('user-2', AT);
      expect((await store.listSubjects()).sort()).toEqual(['user-1', 'user-3']);
    });

    describe('shred', () => {
      it('deletes the key for good: find answers null and no new key is handed out', async () => {
        await store.dataKeyFor('user-1');
        await store.shred('user-1', AT);
        expect(await store.find('user-1')).toBeNull();
        expect(await store.isErased('user-1')).toBe(true);
        await expect(store.dataKeyFor('user-1')).rejects.toBeInstanceOf(SubjectErasedError);
        expect(await (await reopen()).find('user-1')).toBeNull();
      });

      it('leaves every other subject’s key alone', async () => {
        const kept = await store.dataKeyFor('user-2');
        await store.dataKeyFor('user-1');
        await store.shred('user-1', AT);
        expect(await store.find('user-2')).toEqual(kept);
        expect(await store.isErased('user-2')).toBe(false);
      });

      it('is idempotent', async () => {
        await store.dataKeyFor('user-1');
        await store.shred('user-1', AT);
        await store.shred('user-1', '2026-03-02T00:00:00.000Z');
        expect(await store.isErased('user-1')).toBe(true);
      });

      it('erases a subject that never had a key, so none is created later', async () => {
        await store.shred('user-9', AT);
        expect(await store.isErased('user-9')).toBe(true);
        await expect(store.dataKeyFor('user-9')).rejects.toBeInstanceOf(SubjectErasedError);
      });
    });
  });
}
