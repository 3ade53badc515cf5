import { LEDGER_OUTCOMES, type LedgerRowView } from '../../../../../contract/audit';
import { listQueryToApi, readListQuery, type ListQuery, type Page } from '../../../shared/api/list-query';
import type { ApiPort } from '../../../shared/api/port';
import { dayBoundary, dayOrEmpty } from '../../../shared/kit/day-filters';

export type { LedgerRowView };
export { LEDGER_OUTCOMES };

export type LedgerFilter = { reservationId: string; buyer: string; project: string; from: string; to: string; outcome: string };
export type LedgerQuery = ListQuery<LedgerFilter, never>;

export const parseLedgerQuery = (params: URLSearchParams): LedgerQuery => {
  const q = readListQuery<LedgerFilter, never>(
    params,
    { reservationId: 'text', buyer: 'text', project: 'text', from: 'text', to: 'text', outcome: LEDGER_OUTCOMES },
    [],
  );
  return { ...q, filter: { ...q.filter, from: dayOrEmpty(q.filter.from), to: dayOrEmpty(q.filter.to) } };
};

export const fetchLedger = async (api: ApiPort, q: LedgerQuery): Promise<Page<LedgerRowView>> =>
  (
    await api.request<Page<LedgerRowView>>({
      method: 'GET',
      path: '/audit/payments',
      query: { ...listQueryToApi(q), from: dayBoundary(q.filter.from, 'start'), to: dayBoundary(q.filter.to, 'end') },
    })
  ).data;
