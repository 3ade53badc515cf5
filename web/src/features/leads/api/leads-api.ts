import { LEAD_ACTIVITIES, LEAD_STATUSES, type LeadAdvisor, type LeadDetail, type LeadSummary } from '../../../../../contract/leads';
import { listQueryToApi, readListQuery, type ListQuery, type Page } from '../../../shared/api/list-query';
import type { ApiPort } from '../../../shared/api/port';

export const LEAD_STATUS_VALUES = LEAD_STATUSES;
export const LEAD_SOURCE_VALUES = LEAD_ACTIVITIES;

export type LeadFilter = {
  search: string;
  status: string;
  source: string;
  projectId: string;
  advisorId: string;
  scoreMin: string;
  scoreMax: string;
  from: string;
  to: string;
  preApproved: string;
};
export type LeadListQuery = ListQuery<LeadFilter, never>;

export const parseLeadListQuery = (params: URLSearchParams): LeadListQuery =>
  readListQuery<LeadFilter, never>(
    params,
    {
      search: 'text',
      status: LEAD_STATUS_VALUES,
      source: LEAD_SOURCE_VALUES,
      projectId: 'text',
      advisorId: 'text',
      scoreMin: 'text',
      scoreMax: 'text',
      from: 'text',
      to: 'text',
      preApproved: ['true', 'false'],
    },
    [],
  );

export const fetchLeads = async (api: ApiPort, query: LeadListQuery): Promise<Page<LeadSummary>> => {
  const { sort: _sort, ...rest } = listQueryToApi(query);
  const params = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== '' && v !== undefined));
  return (await api.request<Page<LeadSummary>>({ method: 'GET', path: '/leads', query: params })).data;
};

const lead = (id: string) => `/leads/${encodeURIComponent(id)}`;

export const fetchLead = async (api: ApiPort, id: string): Promise<LeadDetail> => (await api.request<LeadDetail>({ method: 'GET', path: lead(id) })).data;
export const changeLeadStatus = async (api: ApiPort, id: string, body: { status: string; reason: string }): Promise<void> => {
  await api.request({ method: 'POST', path: `${lead(id)}/status`, body });
};
export const assignLead = async (api: ApiPort, id: string, advisorId: string): Promise<void> => {
  await api.request({ method: 'POST', path: `${lead(id)}/assign`, body: { advisorId } });
};
export const fetchAdvisors = async (api: ApiPort): Promise<LeadAdvisor[]> =>
  (await api.request<{ items: LeadAdvisor[] }>({ method: 'GET', path: '/leads/advisors' })).data.items;
export const preApproveLead = async (api: ApiPort, id: string): Promise<void> => {
  await api.request({ method: 'POST', path: `${lead(id)}/pre-approval`, body: {} });
};
