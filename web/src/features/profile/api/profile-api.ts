import type { ApiPort } from '../../../shared/api/port';

/** GET /auth/cookie/profile (with the collaborator's company and contribution) and PATCH /me/profile. */
export interface ProfileView {
  readonly id: string;
  readonly email: string;
  readonly rut: string | null;
  readonly roles?: readonly { name: string; display_name?: string }[];
  readonly userInfo: {
    readonly name: string | null;
    readonly first_last_name: string | null;
    readonly second_last_name: string | null;
    readonly personal_email?: string | null;
    readonly phone: string | null;
    readonly post?: string | null;
    readonly verified?: boolean;
    readonly status?: string;
    readonly joined_at?: string | null;
    readonly company?: { readonly id: string; readonly name: string } | null;
    readonly company_contribution_uf?: number | null;
    readonly plan?: string | null;
  };
}

export interface ProfileChanges {
  readonly name?: string;
  readonly firstLastName?: string;
  readonly secondLastName?: string;
  readonly personalEmail?: string;
  readonly phone?: string;
  readonly countryCode?: string;
}

export const fetchProfile = async (api: ApiPort): Promise<ProfileView> => (await api.request<ProfileView>({ method: 'GET', path: '/auth/cookie/profile' })).data;

export const updateProfile = async (api: ApiPort, changes: ProfileChanges): Promise<ProfileView> =>
  (await api.request<ProfileView>({ method: 'PATCH', path: '/me/profile', body: changes })).data;
