import type {
  ChangeParameter,
  FinancialParameter,
  ParameterFieldsInput,
  ParameterHistory,
  ParameterTemplateItem,
} from '../../../../../contract/financial-parameters';
import { financingEndpoints } from '../../../../../contract/endpoints/financing';
import type { ApiPort } from '../../../shared/api/port';
import { platformApi, read, write } from '../../../shared/api/platform-api';

export const fetchParameters = async (api: ApiPort): Promise<FinancialParameter[]> =>
  (await api.request<{ items: FinancialParameter[] }>({ method: 'GET', path: '/financial-parameters' })).data.items;

export const createParameter = async (api: ApiPort, fields: ParameterFieldsInput): Promise<string> =>
  (await api.request<{ id: string }>({ method: 'POST', path: '/financial-parameters', body: fields })).data.id;

/** Conditional on the version the editor saw: 412 when someone changed it since. */
export const changeParameter = async (api: ApiPort, id: string, version: number, change: ChangeParameter): Promise<FinancialParameter> =>
  (
    await api.request<FinancialParameter>({
      method: 'PATCH',
      path: `/financial-parameters/${encodeURIComponent(id)}`,
      body: change,
      headers: { 'If-Match': `W/"${version}"` },
    })
  ).data;

export const fetchParameterHistory = async (api: ApiPort, id: string): Promise<ParameterHistory['items']> =>
  (await api.request<ParameterHistory>({ method: 'GET', path: `/financial-parameters/${encodeURIComponent(id)}/history` })).data.items;

export const fetchTemplates = async (api: ApiPort): Promise<ParameterTemplateItem[]> =>
  (await api.request<{ items: ParameterTemplateItem[] }>({ method: 'GET', path: '/financial-parameters/templates' })).data.items;

export const saveTemplate = async (api: ApiPort, name: string, description: string): Promise<void> => {
  await api.request({ method: 'POST', path: '/financial-parameters/templates', body: { name, description } });
};

export const applyTemplate = async (api: ApiPort, id: string, reason: string): Promise<number> =>
  (await api.request<{ changed: number }>({ method: 'POST', path: `/financial-parameters/templates/${encodeURIComponent(id)}/apply`, body: { reason } })).data
    .changed;

/** Valor UF: the last values, and recording a day's value (which asks for them again). */
export const ufApi = platformApi.enhanceEndpoints({ addTagTypes: ['UfValues'] }).injectEndpoints({
  endpoints: (build) => ({
    ufValues: read(build, financingEndpoints.getUfValues, { provides: ['UfValues'] }),
    recordUf: write(build, financingEndpoints.postUf, { invalidates: ['UfValues'] }),
  }),
});

export const { useUfValuesQuery, useRecordUfMutation } = ufApi;
