import type { SessionRecord, SessionStore } from '../../kernel/ports/session-store';

const NOW = '2025-03-01T12:00:00.000Z';
const minutesFromNow = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

const session = (id: string, fields: Partial<SessionRecord> = {}): SessionRecord => ({
  id,
  kind: 'cookie',
  userId: 'user-1',
  createdAt: minutesFromNow(-10),
  lastActivityAt: minutesFromNow(-1),
  expiresAt: minutesFromNow(30),
  remember: false,
  ...fields,
});

const refreshToken = (id: string, familyId: string, fields: Partial<SessionRecord> = {}) =>
  session(id, { kind: 'refresh', familyId, remember: true, ...fields });

/** The SessionStore port's behaviour, run against every adapter. The factory returns an empty store. */
export function describeSessionStoreContract(name: string, factory: () => Promise<{ store: SessionStore; cleanup(): Promise<void> }>): void {
  describe(`SessionStore contract: ${name}`, () => {
    let store: SessionStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await factory());
    });

    afterEach(async () => {
      await cleanup();
    });

    it('returns a stored record as it was put, and null for an unknown id', async () => {
      await store.put(session('s1'));
      await store.put(refreshToken('r1', 'f1', { rotatedAt: NOW }));
      expect(await store.get('s1')).toEqual(session('s1'));
      expect(await store.get('r1')).toEqual(refreshToken('r1', 'f1', { rotatedAt: NOW }));
      expect(await store.get('unknown')).toBeNull();
    });

    it('put replaces a record with the same id', async () => {
      await store.put(session('s1'));
      await store.put(session('s1', { userId: 'user-2', remember: true }));
      expect(await store.get('s1')).toEqual(session('s1', { userId: 'user-2', remember: true }));
    });

    it('finds a session put after a lookup missed it (a miss is not remembered)', async () => {
      expect(await store.get('s1')).toBeNull();
      await store.put(session('s1'));
      expect(await store.get('s1')).toEqual(session('s1'));
    });

    it('what a reader was handed cannot change the stored record', async () => {
      await store.put(session('s1'));
      const read = (await store.get('s1'))!;
      try {
        (read as { userId: string }).userId = 'someone-else';
      } catch {
        // a store may hand out frozen records
      }
      expect(await store.get('s1')).toEqual(session('s1'));
    });

    it('returns an expired record: the caller decides what expiry means', async () => {
      await store.put(session('s1', { expiresAt: minutesFromNow(-5) }));
      expect(await store.get('s1')).toEqual(session('s1', { expiresAt: minutesFromNow(-5) }));
    });

    describe('touch', () => {
      it('moves last activity and expiry forward and returns the updated record', async () => {
        await store.put(session('s1'));
        // Read first, as a signed-in request does: a store that keeps what it read must show the touch.
        expect(await store.get('s1')).toEqual(session('s1'));
        const touched = await store.touch('s1', NOW, minutesFromNow(60));
        expect(touched).toEqual(session('s1', { lastActivityAt: NOW, expiresAt: minutesFromNow(60) }));
        expect(await store.get('s1')).toEqual(touched);
      });

      it('answers null for an unknown session', async () => {
        expect(await store.touch('unknown', NOW, minutesFromNow(60))).toBeNull();
      });

      it('answers null for a session already expired at the new last activity, and leaves it expired', async () => {
        await store.put(session('s1', { expiresAt: minutesFromNow(-5) }));
        expect(await store.touch('s1', NOW, minutesFromNow(60))).toBeNull();
        expect((await store.get('s1'))?.expiresAt).toBe(minutesFromNow(-5));
      });
    });

    describe('markRotated', () => {
      it('marks a refresh token once; a second rotation is a replay', async () => {
        await store.put(refreshToken('r1', 'f1'));
        expect((await store.get('r1'))?.rotatedAt).toBeUndefined();
        expect(await store.markRotated('r1', NOW)).toBe(true);
        expect(await store.markRotated('r1', minutesFromNow(1))).toBe(false);
        expect((await store.get('r1'))?.rotatedAt).toBe(NOW);
      });

      it('is false for an unknown token', async () => {
        expect(await store.markRotated('unknown', NOW)).toBe(false);
      });

      it('lets exactly one of 10 concurrent rotations win', async () => {
        await store.put(refreshToken('r1', 'f1'));
        const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => store.markRotated('r1', minutesFromNow(i))));
        expect(outcomes.filter(Boolean)).toHaveLength(1);
      });
    });

    describe('deleting', () => {
      beforeEach(async () => {
        await store.put(session('s1'));
        await store.put(session('s2', { userId: 'user-2' }));
        await store.put(refreshToken('r1', 'f1'));
        await store.put(refreshToken('r2', 'f1', { userId: 'user-3' }));
        await store.put(refreshToken('r3', 'f2', { userId: 'user-3' }));
        // Each one looked up before it is deleted, as a signed-in request would: a deleted session must not
        // live on in whatever the store kept of that lookup.
        expect(await remaining()).toEqual(['s1', 's2', 'r1', 'r2', 'r3']);
      });

      const remaining = async () => {
        const ids = ['s1', 's2', 'r1', 'r2', 'r3'];
        const records = await Promise.all(ids.map((id) => store.get(id)));
        return ids.filter((_, i) => records[i] !== null);
      };

      it('delete removes one record', async () => {
        await store.delete('s1');
        expect(await remaining()).toEqual(['s2', 'r1', 'r2', 'r3']);
      });

      it('deleteByUser removes every record of the user', async () => {
        await store.deleteByUser('user-1');
        expect(await remaining()).toEqual(['s2', 'r2', 'r3']);
      });

      it('deleteByUser keeps the one session or the one token family it is told to keep, and removes the rest', async () => {
        await store.put(session('s3'));
        await store.deleteByUser('user-1', { sessionId: 's3' });
        expect(await remaining()).toEqual(['s2', 'r2', 'r3']);
        expect(await store.get('s3')).not.toBeNull();
        await store.put(refreshToken('r4', 'f3', { userId: 'user-3' }));
        await store.deleteByUser('user-3', { familyId: 'f2' });
        expect(await remaining()).toEqual(['s2', 'r3']);
        expect(await store.get('r4')).toBeNull();
        expect(await store.familyIsLive('f2', NOW)).toBe(true);
      });

      it('deleteFamily removes every token of the family', async () => {
        await store.deleteFamily('f1');
        expect(await remaining()).toEqual(['s1', 's2', 'r3']);
      });

      it('a family is live while one of its tokens is unexpired, and not after deleteFamily', async () => {
        expect(await store.familyIsLive('f1', NOW)).toBe(true);
        expect(await store.familyIsLive('f2', NOW)).toBe(true);
        await store.deleteFamily('f1');
        expect(await store.familyIsLive('f1', NOW)).toBe(false);
        expect(await store.familyIsLive('f2', NOW)).toBe(true);
        expect(await store.familyIsLive('unknown', NOW)).toBe(false);
      });

      it('a family whose tokens have all expired is not live, even before a purge', async () => {
        await store.put(refreshToken('old-1', 'f3', { expiresAt: minutesFromNow(-1) }));
        await store.put(refreshToken('old-2', 'f3', { expiresAt: minutesFromNow(-2), rotatedAt: minutesFromNow(-3) }));
        expect(await store.familyIsLive('f3', NOW)).toBe(false);
        expect(await store.familyIsLive('f3', minutesFromNow(-5))).toBe(true);
      });

      it('deleteByUser ends the families of the user', async () => {
        await store.deleteByUser('user-3');
        expect(await store.familyIsLive('f2', NOW)).toBe(false);
        expect(await store.familyIsLive('f1', NOW)).toBe(true);
      });

      it('purgeExpired removes records whose expiry has passed and counts them', async () => {
        await store.put(session('old-1', { expiresAt: minutesFromNow(-60) }));
        await store.put(refreshToken('old-2', 'f3', { expiresAt: minutesFromNow(-1) }));
        expect(await store.get('old-1')).not.toBeNull();
        expect(await store.get('old-2')).not.toBeNull();
        expect(await store.purgeExpired(NOW)).toBe(2);
        expect(await store.get('old-1')).toBeNull();
        expect(await store.get('old-2')).toBeNull();
        expect(await remaining()).toEqual(['s1', 's2', 'r1', 'r2', 'r3']);
      });
    });
  });
}
