import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteSessionStore } from '../../adapters/embedded/sqlite-session-store';
import { SessionService } from '../../application/accounts/session-service';
import type { AppConfig } from '../../application/config';

/** The sliding expiry writes lazily (at most one write per minute of slide) yet keeps the idle TTL. */
describe('cookie session sliding expiry', () => {
  const ttlSeconds = 15 * 60;
  let dir: string;
  let store: SqliteSessionStore;
  let now: Date;
  let sessions: SessionService;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slide-'));
    store = SqliteSessionStore.open(path.join(dir, 'sessions.sqlite'));
    now = new Date('2026-11-24T10:00:00.000Z');
    const config = {
      session: { ttlSeconds, rememberTtlSeconds: 30 * 24 * 3600, accessTokenTtlSeconds: 300, refreshTtlSeconds: 3600, secureCookies: false },
    } as AppConfig;
    sessions = new SessionService(store, { now: () => now }, config);
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const advance = (ms: number) => (now = new Date(now.getTime() + ms));
  const use = async (cookie: string) => {
    const found = await sessions.findCookieSession(cookie);
    return found && ((await sessions.slide(found)) ?? found);
  };

  it('does not write the session again within a minute of activity', async () => {
    const { cookieValue, record } = await sessions.createCookieSession('u1', false);
    advance(30_000);
    await use(cookieValue);
    expect((await store.get(record.id))!.expiresAt).toBe(record.expiresAt);
  });

  it('slides once activity would move the expiry by a minute or more', async () => {
    const { cookieValue, record } = await sessions.createCookieSession('u1', false);
    advance(61_000);
    const slid = await use(cookieValue);
    expect(slid!.expiresAt).toBe(new Date(now.getTime() + ttlSeconds * 1000).toISOString());
    expect((await store.get(record.id))!.expiresAt).toBe(slid!.expiresAt);
  });

  it('a session used every 50 s for an hour stays alive', async () => {
    const { cookieValue } = await sessions.createCookieSession('u1', false);
    for (let i = 0; i < 72; i++) {
      advance(50_000);
      expect(await use(cookieValue)).not.toBeNull();
    }
  });

  it('still expires after the idle TTL, however the last writes fell', async () => {
    const { cookieValue } = await sessions.createCookieSession('u1', false);
    advance(61_000);
    await use(cookieValue);
    advance(30_000);
    await use(cookieValue); // not written: within the step
    advance(ttlSeconds * 1000);
    expect(await sessions.findCookieSession(cookieValue)).toBeNull();
  });

  it('is never cut short by more than the step: alive 14 minutes after the last activity', async () => {
    const { cookieValue } = await sessions.createCookieSession('u1', false);
    advance(59_000);
    await use(cookieValue);
    advance(14 * 60_000);
    expect(await sessions.findCookieSession(cookieValue)).not.toBeNull();
  });
});
