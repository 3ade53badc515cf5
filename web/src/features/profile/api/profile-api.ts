import type { z } from 'zod';
import type { profileBody, ProfileAnswer } from '../../../../../contract/auth';
import type { ApiPort } from '../../../shared/api/port';

/** GET /auth/cookie/profile (with the collaborator's company and contribution) and PATCH /me/profile: contract/auth.ts. */
/** The profile routes always send userInfo (adapters/http/presenters.ts profileView). */
export type ProfileView = ProfileAnswer & Required<Pick<ProfileAnswer, 'userInfo'>>;
export type ProfileChanges = z.input<typeof profileBody>;

export const fetchProfile = async (api: ApiPort): Promise<ProfileView> =>
  (await api.request<ProfileView>({ method: 'GET', path: '/auth/cookie/profile' })).data;

export const updateProfile = async (api: ApiPort, changes: ProfileChanges): Promise<ProfileView> =>
  (await api.request<ProfileView>({ method: 'PATCH', path: '/me/profile', body: changes })).data;
