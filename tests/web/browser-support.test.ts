import { listQueryToApi, listQueryToSearch } from '../../web/src/shared/api/list-query';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadOncePerSession } from '../../web/src/shared/browser/chunk-reload';
import { createSessionPersistence, type KeyValueStorage } from '../../web/src/shared/browser/session-persistence';
import { createSlidingWindowLimiter } from '../../web/src/shared/lib/rate-limiter';
import { auditQueryToApi, parseAuditQuery } from '../../web/src/features/role-history/api/role-history-api';
import { parseUserListQuery } from '../../web/src/features/users/api/users-api';
import { linksIn } from '../../web/src/features/mailbox/api/mailbox-api';
import { JSDOM } from 'jsdom';
import type { SessionSnapshot } from '../../web/src/shared/auth/session-types';

const memoryStorage = (): KeyValueStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
};

describe('chunk-load failure: one reload per browser session after 100 ms', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: '' })).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads once, guarded in session storage', () => {
    jest.useFakeTimers();
    const storage = memoryStorage();
    const reload = jest.fn();
    expect(reloadOncePerSession({ storage, reload })).toBe(true);
    expect(storage.data.has(CHUNK_RELOAD_KEY)).toBe(true);
    jest.advanceTimersByTime(99);
    expect(reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOncePerSession({ storage, reload })).toBe(false);
    jest.advanceTimersByTime(1_000);
    expect(reload).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
  });
});

describe('browser session storage (spec §3)', () => {
  const session: SessionSnapshot = {
    user: { id: '1', email: 'a@b.cl', rut: null, name: 'A', firstLastName: 'B', secondLastName: 'C', phone: null, verified: true, status: 'active' },
    roles: [
      { id: '2', name: 'admin', displayName: 'Administrador' },
      { id: '6', name: 'collaborator', displayName: 'Colaborador' },
    ],
    permissions: [],
    abilities: ['*'],
    activeRole: 'admin',
    expiresAt: 0,
  };

  it('writes user, userRoles, userAbilities, activeRole and a 7-day user_roles cookie, and clears them', () => {
    const storage = memoryStorage();
    const cookies: string[] = [];
    const persistence = createSessionPersistence(storage, (c) => cookies.push(c));
    persistence.save(session);
    expect(JSON.parse(storage.data.get('user') ?? '')).toMatchObject({ id: '1' });
    expect(storage.data.get('userRoles')).toBe('["admin","collaborator"]');
    expect(storage.data.get('userAbilities')).toBe('["*"]');
    expect(storage.data.get('activeRole')).toBe('admin');
    expect(cookies[0]).toBe('user_roles=admin%2Ccollaborator; Max-Age=604800; Path=/; SameSite=Lax');
    persistence.clear();
    expect(storage.data.size).toBe(0);
    expect(cookies[1]).toMatch(/^user_roles=; Max-Age=0/);
  });
});

describe('refresh limiter: at most 10 per 60 s', () => {
  it('refuses the 11th within the window and recovers as it slides', () => {
    const limiter = createSlidingWindowLimiter(10, 60_000);
    for (let i = 0; i < 10; i++) expect(limiter.tryAcquire(i * 1_000)).toBe(true);
    expect(limiter.tryAcquire(30_000)).toBe(false);
    expect(limiter.tryAcquire(60_000)).toBe(true);
  });
});

describe('back-office list queries ({ pagination, sort, filter } in the URL)', () => {
  it('reads users filters, dropping unknown values', () => {
    const query = parseUserListQuery(new URLSearchParams('search=ana&role=admin&status=weird&verified=true&page=3&perPage=25&sort=-joinedAt'));
    expect(query).toEqual({ pagination: { page: 3, perPage: 25 }, sort: '-joinedAt', filter: { search: 'ana', role: 'admin', status: '', verified: 'true' } });
    expect(listQueryToApi(query)).toEqual({ search: 'ana', role: 'admin', status: '', verified: 'true', sort: '-joinedAt', page: 3, perPage: 25 });
    expect(listQueryToSearch(query).toString()).toBe('search=ana&role=admin&verified=true&sort=-joinedAt&page=3&perPage=25');
  });

  it('falls back to page 1 of 10, no sort', () => {
    expect(parseUserListQuery(new URLSearchParams('page=-1&perPage=7&sort=drop'))).toMatchObject({ pagination: { page: 1, perPage: 10 }, sort: null });
  });

  it('sends audit day filters as whole local days', () => {
    const query = parseAuditQuery(new URLSearchParams('from=2025-03-01&to=2025-03-02&changeType=added&userId=u1&actorId=a1'));
    const api = auditQueryToApi(query);
    expect(api).toMatchObject({ userId: 'u1', actorId: 'a1', changeType: 'added', page: 1, perPage: 10 });
    expect(new Date(String(api.from)).getTime()).toBe(new Date(2025, 2, 1, 0, 0, 0, 0).getTime());
    expect(new Date(String(api.to)).getTime()).toBe(new Date(2025, 2, 2, 23, 59, 59, 999).getTime());
    expect(parseAuditQuery(new URLSearchParams('from=yesterday&changeType=nope')).filter).toMatchObject({ from: '', changeType: '' });
  });
});

describe('mailbox links', () => {
  // The browser's HTML parser, as the mailbox page has it.
  beforeAll(() => {
    (globalThis as { DOMParser?: unknown }).DOMParser = new JSDOM('').window.DOMParser;
  });
  afterAll(() => {
    delete (globalThis as { DOMParser?: unknown }).DOMParser;
  });

  it('decodes the entities a template writes in a link (the verification link is `token&#x3D;...` in the HTML)', () => {
    const html = '<p><a href="http://localhost:3000/auth/verify-email?token&#x3D;abc.def&amp;x&#61;1">Verificar</a></p>';
    expect(linksIn({ html, text: 'Verifique: http://localhost:3000/auth/verify-email?token=abc.def&x=1' })).toEqual([
      'http://localhost:3000/auth/verify-email?token=abc.def&x=1',
    ]);
  });

  it('finds links in HTML and text bodies', () => {
    expect(
      linksIn({
        html: '<a href="http://localhost:3000/auth/verify-email?token=abc&amp;x=1">Verificar</a>',
        text: 'Verifique: http://localhost:3000/auth/verify-email?token=abc&x=1\nO visite https://example.cl/ayuda.',
      }),
    ).toEqual(['http://localhost:3000/auth/verify-email?token=abc&x=1', 'https://example.cl/ayuda']);
  });
});
