import { personalDataEndpoints } from '../../../../../contract/endpoints/personal-data';
import { callEndpoint } from '../../../shared/api/endpoints';
import type { ApiPort } from '../../../shared/api/port';
import { platformApi, read } from '../../../shared/api/platform-api';
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
  const all = (await callEndpoint(api, desk.getDataRequests, { query: filter.status ? { status: filter.status as DataRequest['status'] } : {} })).data.items;
  const rows = all.filter((r) => (!filter.kind || r.kind === filter.kind) && (!filter.due || dueStateOf(r, now) === filter.due));
  const start = (pagination.page - 1) * pagination.perPage;
  return { items: rows.slice(start, start + pagination.perPage), total: rows.length, page: pagination.page, perPage: pagination.perPage };
};

const desk = personalDataEndpoints;

export const verifyIdentity = async (api: ApiPort, id: string, method: string) => {
  await callEndpoint(api, desk.postDataRequestsByIdVerifyIdentity, { params: { id }, body: { method } });
};
export const completeRequest = async (api: ApiPort, id: string, outcome: string, evidence: string) => {
  await callEndpoint(api, desk.postDataRequestsByIdComplete, { params: { id }, body: { outcome, evidence } });
};
export const rejectRequest = async (api: ApiPort, id: string, reason: string) => {
  await callEndpoint(api, desk.postDataRequestsByIdReject, { params: { id }, body: { reason } });
};
export const liftBlock = async (api: ApiPort, id: string, reason: string) => {
  await callEndpoint(api, desk.postDataRequestsByIdLiftBlock, { params: { id }, body: { reason } });
};

/** One request on the officer's desk; the page asks for it again after each step it takes. */
export const dataRequestsApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    dataRequest: read(build, desk.getDataRequestsById),
  }),
});

export const { useDataRequestQuery } = dataRequestsApi;
