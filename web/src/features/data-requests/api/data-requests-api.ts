import type { ApiPort } from '../../../shared/api/port';
import { readListQuery, type ListQuery, type Page } from '../../../shared/api/list-query';
import { DATA_REQUEST_KINDS, DATA_REQUEST_STATUSES, type DataRequest, type DataRequestDetail } from '../../../../../contract/personal-data';

/** The data-protection officer's desk (Ley 21.719): GET /data-requests and the steps on one request. */
export const KINDS = DATA_REQUEST_KINDS;
export const STATUSES = DATA_REQUEST_STATUSES;
export const DUE_STATES = ['overdue', 'soon', 'ontime'] as const;
export type DueState = (typeof DUE_STATES)[number];

export type { DataRequest, DataRequestDetail };
export type RequestStep = DataRequest['history'][number];

const DAY = 24 * 60 * 60 * 1000;
/** Officers see a request as "por vencer" this many days before its due date (the reminder's window). */
export const DUE_SOON_DAYS = 5;

/** Where an open request stands against its legal due date; a closed one is on time by definition. */
export const dueStateOf = (r: Pick<DataRequest, 'status' | 'dueAt'>, now: number): DueState => {
  if (r.status === 'completed' || r.status === 'rejected') return 'ontime';
  const left = Date.parse(r.dueAt) - now;
  if (left < 0) return 'overdue';
  return left <= DUE_SOON_DAYS * DAY ? 'soon' : 'ontime';
};

export type DeskFilter = { status: string; kind: string; due: string };
export type DeskQuery = ListQuery<DeskFilter, never>;

export const parseDeskQuery = (params: URLSearchParams): DeskQuery =>
  readListQuery<DeskFilter, never>(params, { status: STATUSES, kind: KINDS, due: DUE_STATES }, []);

/** The queue comes whole (nearest due date first); kind and due-state filters and the page are applied here. */
export const fetchDeskPage = async (api: ApiPort, query: DeskQuery, now: number = Date.now()): Promise<Page<DataRequest>> => {
  const { filter, pagination } = query;
  const all = (await api.request<{ items: DataRequest[] }>({ method: 'GET', path: '/data-requests', query: { status: filter.status || undefined } })).data
    .items;
  const rows = all.filter((r) => (!filter.kind || r.kind === filter.kind) && (!filter.due || dueStateOf(r, now) === filter.due));
  const start = (pagination.page - 1) * pagination.perPage;
  return { items: rows.slice(start, start + pagination.perPage), total: rows.length, page: pagination.page, perPage: pagination.perPage };
};

export const fetchDataRequest = async (api: ApiPort, id: string): Promise<DataRequestDetail> =>
  (await api.request<DataRequestDetail>({ method: 'GET', path: `/data-requests/${encodeURIComponent(id)}` })).data;

const step = async (api: ApiPort, id: string, action: string, body: Record<string, string>): Promise<void> => {
  await api.request({ method: 'POST', path: `/data-requests/${encodeURIComponent(id)}/${action}`, body });
};

export const verifyIdentity = (api: ApiPort, id: string, method: string) => step(api, id, 'verify-identity', { method });
export const completeRequest = (api: ApiPort, id: string, outcome: string, evidence: string) => step(api, id, 'complete', { outcome, evidence });
export const rejectRequest = (api: ApiPort, id: string, reason: string) => step(api, id, 'reject', { reason });
export const liftBlock = (api: ApiPort, id: string, reason: string) => step(api, id, 'lift-block', { reason });
