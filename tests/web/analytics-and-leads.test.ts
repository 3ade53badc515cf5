import { chartAxes, PERCENT_AXIS } from '../../web/src/features/analytics/chart-axes';
import { parseSalesFilter } from '../../web/src/features/analytics/api/analytics-api';
import { periodLabel } from '../../web/src/features/analytics/period-label';
import { fetchLeads, parseLeadListQuery } from '../../web/src/features/leads/api/leads-api';
import type { ApiPort, ApiRequest } from '../../web/src/shared/api/port';

describe('sales dashboard filters in the URL', () => {
  const now = new Date('2026-11-25T15:00:00.000Z');
  it('defaults to the last 30 days by day; keeps what the URL says', () => {
    expect(parseSalesFilter(new URLSearchParams(), now)).toEqual({
      from: '2026-10-27',
      to: '2026-11-25',
      granularity: 'day',
      projectId: '',
      realEstateCompanyId: '',
      partnerCompanyId: '',
    });
    expect(parseSalesFilter(new URLSearchParams('from=2026-01-01&to=2026-03-31&granularity=month&realEstateCompanyId=andes'), now)).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-31',
      granularity: 'month',
      realEstateCompanyId: 'andes',
    });
    expect(parseSalesFilter(new URLSearchParams('from=ayer&granularity=year'), now)).toMatchObject({ from: '2026-10-27', granularity: 'day' });
  });

  it('names periods in es-CL: dd-mm-yyyy days, weeks by their Monday, months mm-yyyy', () => {
    expect(periodLabel('2026-11-23', 'day')).toBe('23-11-2026');
    expect(periodLabel('2026-11-23', 'week')).toBe('Semana del 23-11-2026');
    expect(periodLabel('2026-11-01', 'month')).toBe('11-2026');
  });
});

describe('leads list query', () => {
  it('reads the filters from the URL; unknown values fall back to none', () => {
    const q = parseLeadListQuery(new URLSearchParams('status=rejected&source=advisor_request&preApproved=true&advisorId=none&scoreMin=40&from=2026-11-01'));
    expect(q.filter).toMatchObject({
      status: 'rejected',
      source: 'advisor_request',
      preApproved: 'true',
      advisorId: 'none',
      scoreMin: '40',
      from: '2026-11-01',
    });
    expect(parseLeadListQuery(new URLSearchParams('status=perdido&preApproved=quizas')).filter).toMatchObject({ status: '', preApproved: '' });
  });

  it('sends only the filters that are set (the API refuses unknown parameters)', async () => {
    const seen: ApiRequest[] = [];
    const api = {
      request: async (r: ApiRequest) => (seen.push(r), { status: 200, data: { items: [], total: 0, page: 1, perPage: 20 }, header: () => null }),
    } as unknown as ApiPort;
    await fetchLeads(api, parseLeadListQuery(new URLSearchParams('status=downloaded')));
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/leads', query: { status: 'downloaded', page: 1, perPage: 10 } });
    expect(Object.keys(seen[0].query!).sort()).toEqual(['page', 'perPage', 'status']);
  });
});

describe('charts: rates on their own axis', () => {
  const colors = { text: '#333', grid: '#ccc' };
  it('draws a rate as 0-100 % on a percentage axis of its own, counts on theirs', () => {
    const { scales, datasets } = chartAxes(
      [
        { label: 'Reservas', values: [3] },
        { label: 'Conversión (confirmadas / reservas)', values: [0.6667], percent: true },
      ],
      true,
      colors,
    );
    expect(datasets).toEqual([
      { label: 'Reservas', data: [3] },
      { label: 'Conversión (confirmadas / reservas) (%)', data: [66.7], xAxisID: PERCENT_AXIS },
    ]);
    expect(scales[PERCENT_AXIS]).toMatchObject({ axis: 'x', min: 0, max: 100 });
    expect(Object.keys(chartAxes([{ label: 'Leads', values: [1] }], false, colors).scales)).toEqual(['x', 'y']);
  });
});
