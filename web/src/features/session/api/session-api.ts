import type { ApiPort } from '../../../shared/api/port';
import type { ProfileDto, SessionCheckDto } from '../../../shared/auth/session-types';

/** Session endpoints of spec §7 (cookie mode). */
export const checkSession = async (api: ApiPort): Promise<SessionCheckDto> =>
  (await api.request<SessionCheckDto>({ method: 'GET', path: '/auth/session', skipSessionRefresh: true })).data;

export const fetchProfile = async (api: ApiPort): Promise<ProfileDto> => (await api.request<ProfileDto>({ method: 'GET', path: '/auth/cookie/profile' })).data;

type ExpiryAnswer = { data?: { expires_at?: string | number | null } };

export const refreshSession = async (api: ApiPort): Promise<string | number | null> =>
  (await api.request<ExpiryAnswer>({ method: 'POST', path: '/auth/cookie/refresh', skipSessionRefresh: true })).data?.data?.expires_at ?? null;

export const extendSession = async (api: ApiPort): Promise<string | number | null> =>
  (await api.request<ExpiryAnswer>({ method: 'POST', path: '/auth/cookie/extend', skipSessionRefresh: true })).data?.data?.expires_at ?? null;

export const logout = async (api: ApiPort): Promise<void> => {
  await api.request<{ success: boolean; message?: string }>({ method: 'POST', path: '/auth/cookie/logout', skipSessionRefresh: true });
};
