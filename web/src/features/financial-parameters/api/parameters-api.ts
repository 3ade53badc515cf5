import type { ChangeParameter, FinancialParameter, ParameterFieldsInput, ParameterHistory } from '../../../../../contract/financial-parameters';
import type { ApiPort } from '../../../shared/api/port';

export const fetchParameters = async (api: ApiPort): Promise<FinancialParameter[]> =>
  (await api.request<{ items: FinancialParameter[] }>({ method: 'GET', path: '/financial-parameters' })).data.items;

export const createParameter = async (api: ApiPort, fields: ParameterFieldsInput): Promise<string> =>
  (await api.request<{ id: string }>({ method: 'POST', path: '/financial-parameters', body: fields })).data.id;

/** Conditional on the version the editor saw: 412 when someone changed it since. */
export const changeParameter = async (api: ApiPort, id: string, version: number, change: ChangeParameter): Promise<FinancialParameter> =>
  (await api.request<FinancialParameter>({ method: 'PATCH', path: `/financial-parameters/${encodeURIComponent(id)}`, body: change, headers: { 'If-Match': `W/"${version}"` } })).data;

export const fetchParameterHistory = async (api: ApiPort, id: string): Promise<ParameterHistory['items']> =>
  (await api.request<ParameterHistory>({ method: 'GET', path: `/financial-parameters/${encodeURIComponent(id)}/history` })).data.items;
