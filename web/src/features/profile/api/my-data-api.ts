import type { ApiPort } from '../../../shared/api/port';
import type { MyDataRequest, PrivacyChoicesBody, PrivacyView } from '../../../../../contract/privacy';

export type { MyDataRequest, PrivacyView };

/** "Mis datos" (Ley 21.719): export links, privacy choices, my requests. */
export const DATA_EXPORT_JSON = '/api/v1/me/data-export';
export const DATA_EXPORT_PDF = '/api/v1/me/data-export.pdf';

export type RequestKind = 'access' | 'rectification' | 'erasure' | 'opposition' | 'portability' | 'blocking';

export const fetchPrivacy = async (api: ApiPort): Promise<PrivacyView> => (await api.request<PrivacyView>({ method: 'GET', path: '/me/privacy' })).data;

export const savePrivacy = async (api: ApiPort, choices: PrivacyChoicesBody): Promise<PrivacyView> =>
  (await api.request<PrivacyView>({ method: 'PUT', path: '/me/privacy', body: choices })).data;

export const fetchMyRequests = async (api: ApiPort): Promise<readonly MyDataRequest[]> =>
  (await api.request<{ items: MyDataRequest[] }>({ method: 'GET', path: '/me/data-requests' })).data.items;

export const submitRequest = async (api: ApiPort, kind: RequestKind, details: string): Promise<string> =>
  (await api.request<{ id: string }>({ method: 'POST', path: '/me/data-requests', body: { kind, details } })).data.id;
