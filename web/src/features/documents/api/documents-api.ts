import type { ApiPort } from '../../../shared/api/port';
import type { MyDocument } from '../../../../../contract/quotes';

/** GET /documents/mine: quotes' PDFs and the receipts of confirmed reservations (contract/quotes.ts). */
export const fetchMyDocuments = async (api: ApiPort): Promise<readonly MyDocument[]> =>
  (await api.request<{ items: MyDocument[] }>({ method: 'GET', path: '/documents/mine' })).data.items;
