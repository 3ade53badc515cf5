import { listQueryToApi, listQueryToSearch } from '../../web/src/shared/api/list-query';
import { fetchUsers, parseUserListQuery } from '../../web/src/features/users/api/users-api';
import { fetchAllPages, EXPORT_PAGE_SIZE } from '../../web/src/shared/kit/all-pages';
import { toCsv } from '../../web/src/shared/kit/csv';
import {
  dateRange,
  dateRangeErrors,
  DATE_RANGE_MESSAGE,
  filterBinder,
  labelledOptions,
  sortBinder,
  yesNoOptions,
} from '../../web/src/shared/kit/filter-fields';
import { fakeApi } from './support/saga-harness';

describe('list query <-> URL', () => {
  it('reads filters, sort and page from the URL and writes back the same link', () => {
    const url = 'search=ana&role=admin&status=disabled&sort=-joinedAt&page=3&perPage=25';
    const query = parseUserListQuery(new URLSearchParams(url));
    expect(query).toEqual({
      filter: { search: 'ana', role: 'admin', status: 'disabled', verified: '' },
      sort: '-joinedAt',
      pagination: { page: 3, perPage: 25 },
    });
    expect(listQueryToSearch(query).toString()).toBe(url);
  });

  it('drops unknown values and defaults, so a hand-edited link still opens a list', () => {
    const query = parseUserListQuery(new URLSearchParams('role=pirata&sort=drop&page=-2&perPage=7&verified=quizas'));
    expect(query).toEqual({ filter: { search: '', role: '', status: '', verified: '' }, sort: null, pagination: { page: 1, perPage: 10 } });
    expect(listQueryToSearch(query).toString()).toBe('');
  });

  it('sends the page the URL names to the API', async () => {
    const { api, calls } = fakeApi({ 'GET /users': () => ({ items: [], total: 0, page: 2, perPage: 10 }) });
    await fetchUsers(api, parseUserListQuery(new URLSearchParams('search=ana&page=2&sort=name')));
    expect(calls('GET', '/users')[0].query).toEqual({ search: 'ana', role: '', status: '', verified: '', sort: 'name', page: 2, perPage: 10 });
    expect(listQueryToApi(parseUserListQuery(new URLSearchParams()))).toMatchObject({ page: 1, perPage: 10, sort: undefined });
  });
});

describe('CSV export', () => {
  const columns = [
    { header: 'Nombre', value: (r: { name: string; n: number | null }) => r.name },
    { header: 'Cantidad', value: (r: { name: string; n: number | null }) => r.n },
  ];

  it('writes RFC 4180: CRLF lines, quoted fields with commas, quotes or line breaks, quotes doubled', () => {
    const csv = toCsv(columns, [
      { name: 'Pérez, Ana', n: 3 },
      { name: 'Dice "hola"', n: null },
      { name: 'dos\nlíneas', n: -4 },
    ]);
    expect(csv).toBe('Nombre,Cantidad\r\n"Pérez, Ana",3\r\n"Dice ""hola""",\r\n"dos\nlíneas",-4\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(
      toCsv(
        [columns[0]],
        [
          { name: '=HYPERLINK("x")', n: 0 },
          { name: '@SUM(A1)', n: 0 },
        ],
      ),
    ).toBe('Nombre\r\n"\'=HYPERLINK(""x"")"\r\n\'@SUM(A1)\r\n');
  });

  it('neutralises a formula behind blanks, invisible characters or a full-width sign', () => {
    const names = [' =1+1', '\u00a0@SUM(A1)', '\uff1dHYPERLINK(1)', '\u200b=1+1', '\ufeff+1', '\u202e-1', '\u3000\uff0b1'];
    const csv = toCsv(
      [columns[0]],
      names.map((name) => ({ name, n: 0 })),
    );
    expect(csv.split('\r\n').slice(1, -1)).toEqual(names.map((name) => `'${name}`));
    expect(
      toCsv(
        [columns[0]],
        [
          { name: ' Ana', n: 0 },
          { name: '1-2', n: 0 },
        ],
      ),
    ).toBe('Nombre\r\n Ana\r\n1-2\r\n');
  });

  it('exports every page of the current filter and sort, at the largest page size', async () => {
    const rows = Array.from({ length: 230 }, (_, i) => ({ id: `u${i}` }));
    const asked: { page: number; perPage: number; search: string; sort: string | null }[] = [];
    const query = parseUserListQuery(new URLSearchParams('search=ana&sort=name&page=4'));
    const all = await fetchAllPages(async (q) => {
      asked.push({ ...q.pagination, search: q.filter.search, sort: q.sort });
      const start = (q.pagination.page - 1) * q.pagination.perPage;
      return { items: rows.slice(start, start + q.pagination.perPage), total: rows.length, page: q.pagination.page, perPage: q.pagination.perPage };
    }, query);
    expect(all).toEqual(rows);
    expect(asked).toEqual([1, 2, 3].map((page) => ({ page, perPage: EXPORT_PAGE_SIZE, search: 'ana', sort: 'name' })));
  });
});

describe('filter fields', () => {
  type Filter = { status: string; from: string; to: string };
  const filter: Filter = { status: '', from: '2026-03-10', to: '' };

  it('binds a field to the filter: its value, and a change that keeps the other fields', () => {
    const changes: Filter[] = [];
    const field = filterBinder(filter, (f) => changes.push(f))('status');
    expect(field.value).toBe('');
    field.onChange({ target: { value: 'active' } });
    expect(changes).toEqual([{ status: 'active', from: '2026-03-10', to: '' }]);
  });

  it('reads "Ordenar por": the default order is no sort at all', () => {
    const sorts: (string | null)[] = [];
    const sort = sortBinder<'name' | '-name'>(null, (s) => sorts.push(s));
    expect(sort.value).toBe('');
    sort.onChange({ target: { value: '-name' } });
    sort.onChange({ target: { value: '' } });
    expect(sorts).toEqual(['-name', null]);
  });

  it('labels options, falling back to the value, and yes/no as true/false', () => {
    expect(labelledOptions(['a', 'b'], { a: 'Uno' })).toEqual([
      { value: 'a', label: 'Uno' },
      { value: 'b', label: 'b' },
    ]);
    expect(yesNoOptions('Sí', 'No')).toEqual([
      { value: 'true', label: 'Sí' },
      { value: 'false', label: 'No' },
    ]);
  });

  it('names a date range after its prefix and refuses "Hasta" before "Desde" at the "Hasta" field', () => {
    const range = dateRange<Filter>('from', 'to', 'Emitida');
    expect(range).toMatchObject({ key: 'from', to: 'to', label: 'Emitida desde', toLabel: 'Emitida hasta' });
    expect(dateRange<Filter>('from', 'to')).toMatchObject({ label: 'Desde', toLabel: 'Hasta' });
    expect(dateRangeErrors([range], { ...filter, to: '2026-03-09' })).toEqual(new Map([['to', DATE_RANGE_MESSAGE]]));
    expect(dateRangeErrors([range], { ...filter, to: '2026-03-10' }).size).toBe(0);
    expect(dateRangeErrors([range], filter).size).toBe(0);
  });
});
