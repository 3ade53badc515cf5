/** Session shapes shared by the auth, session and back-office features and the HTTP adapter. */

/** Role as the API sends it (spec §3). */
export interface RoleDto {
  readonly id: number | string;
  readonly name: string;
  readonly display_name?: string;
}

export interface SessionUserDto {
  readonly id: string | number;
  readonly email: string;
  readonly rut?: string | null;
  readonly name?: string | null;
  readonly first_last_name?: string | null;
  readonly second_last_name?: string | null;
  readonly role?: string | null;
  readonly roles?: readonly RoleDto[];
  readonly phone?: string | null;
  readonly verified?: boolean;
  readonly status?: string;
}

export interface LoginResponseDto {
  readonly success?: boolean;
  readonly message?: string;
  readonly data?: {
    readonly user: SessionUserDto;
    readonly roles?: readonly RoleDto[];
    readonly abilities?: readonly string[];
    readonly permissions?: readonly string[];
    readonly expires_at?: string | number | null;
  };
  /** Legacy form: only a user with one role. */
  readonly user?: SessionUserDto;
}

export interface ProfileDto {
  readonly id: string | number;
  readonly email: string;
  readonly rut?: string | null;
  readonly role?: string | null;
  readonly roles?: readonly (RoleDto | string)[];
  readonly permissions?: readonly string[];
  readonly abilities?: readonly string[];
  readonly userInfo?: {
    readonly name?: string | null;
    readonly first_last_name?: string | null;
    readonly second_last_name?: string | null;
    readonly phone?: string | null;
    readonly verified?: boolean;
    readonly status?: string;
    readonly joined_at?: string | null;
  };
  readonly session?: { readonly expiresAt?: string | number | null; readonly lastActivity?: string | null; readonly isRemembered?: boolean };
}

export interface SessionCheckDto {
  readonly valid: boolean;
  readonly expiresAt?: string | number | null;
  readonly lastActivity?: string | null;
  readonly isRemembered?: boolean;
}

/** The signed-in user as the client keeps it. */
export interface SessionUser {
  readonly id: string;
  readonly email: string;
  readonly rut: string | null;
  readonly name: string;
  readonly firstLastName: string;
  readonly secondLastName: string;
  readonly phone: string | null;
  readonly verified: boolean;
  readonly status: string;
}

export interface SessionRole {
  readonly id: string;
  readonly name: string;
  readonly displayName: string;
}

/** Everything the client knows about an established session. Plain data: it travels in actions. */
export interface SessionSnapshot {
  readonly user: SessionUser;
  readonly roles: readonly SessionRole[];
  readonly permissions: readonly string[];
  readonly abilities: readonly string[];
  readonly activeRole: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

export type SessionEndReason = 'refresh-failed' | 'inactivity' | 'token-expired' | 'other-tab';
