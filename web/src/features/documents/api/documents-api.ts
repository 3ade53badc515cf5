import type { ApiPort } from '../../../shared/api/port';

/** GET /documents/mine: quotes' PDFs and the receipts of confirmed reservations. */
export interface MyDocument {
  readonly kind: 'quote' | 'reservation_receipt' | string;
  readonly id: string;
  readonly title: string;
  readonly createdAt: string;
  readonly url: string;
}

export const fetchMyDocuments = async (api: ApiPort): Promise<readonly MyDocument[]> =>
  (await api.request<{ items: MyDocument[] }>({ method: 'GET', path: '/documents/mine' })).data.items;
