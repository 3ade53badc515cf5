import type { ApiPort, ApiRequest } from '../../web/src/shared/api/port';
import { dueStateOf, fetchDeskPage, parseDeskQuery, type DataRequest } from '../../web/src/features/data-requests/api/data-requests-api';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const request = (id: string, kind: DataRequest['kind'], status: DataRequest['status'], dueInDays: number): DataRequest => ({
  id,
  kind,
  status,
  details: '',
  submittedAt: new Date(NOW + (dueInDays - 30) * DAY).toISOString(),
  dueAt: new Date(NOW + dueInDays * DAY).toISOString(),
  outcome: null,
  evidence: null,
  rejectionReason: null,
  closedAt: null,
  history: [],
  subject: { id: `subject-${id}`, name: null },
});

describe("the officer's desk: where a request stands against its legal due date", () => {
  it('an open request past its due date is overdue, within 5 days due soon; a closed one is never flagged', () => {
    expect(dueStateOf(request('a', 'access', 'verified', -1), NOW)).toBe('overdue');
    expect(dueStateOf(request('b', 'access', 'submitted', 4.9), NOW)).toBe('soon');
    expect(dueStateOf(request('c', 'access', 'verified', 5), NOW)).toBe('soon');
    expect(dueStateOf(request('d', 'access', 'verified', 6), NOW)).toBe('ontime');
    expect(dueStateOf(request('e', 'erasure', 'completed', -3), NOW)).toBe('ontime');
    expect(dueStateOf(request('f', 'erasure', 'rejected', -3), NOW)).toBe('ontime');
  });

  it('filters by status (server), kind and due state (here) from the URL, and pages', async () => {
    const rows = [
      request('1', 'erasure', 'verified', -2),
      request('2', 'access', 'verified', 3),
      request('3', 'erasure', 'verified', 3),
      request('4', 'erasure', 'verified', 20),
    ];
    const asked: ApiRequest[] = [];
    const api = {
      request: async (r: ApiRequest) => {
        asked.push(r);
        return { status: 200, data: { items: rows }, header: () => null };
      },
    } as unknown as ApiPort;
    const page = await fetchDeskPage(api, parseDeskQuery(new URLSearchParams('status=verified&kind=erasure&due=soon')), NOW);
    expect(asked[0]).toMatchObject({ method: 'GET', path: '/data-requests', query: { status: 'verified' } });
    expect(page.items.map((r) => r.id)).toEqual(['3']);
    expect(page.total).toBe(1);
    const second = await fetchDeskPage(api, parseDeskQuery(new URLSearchParams('kind=erasure&perPage=10&page=1')), NOW);
    expect(second.items.map((r) => r.id)).toEqual(['1', '3', '4']);
    // Unknown values in the URL are ignored, not sent.
    expect(parseDeskQuery(new URLSearchParams('kind=todo&due=ayer')).filter).toEqual({ status: '', kind: '', due: '' });
  });
});
