/** Session shapes shared by the auth, session and back-office features and the HTTP adapter. */

import type { CookieLoginAnswer, ProfileAnswer, Role, SessionCheckAnswer, SessionUserAnswer, tokenLoginResponse } from '../../../../contract/auth';
import type { z } from 'zod';

/** The API's answers (contract/auth.ts); what follows them is how the client keeps a session. */
export type RoleDto = Role;
export type SessionUserDto = SessionUserAnswer;
/** Cookie mode's answer, or token mode's (the user at the top level). */
export type LoginResponseDto = CookieLoginAnswer & { readonly user?: z.infer<typeof tokenLoginResponse>['user'] };
export type ProfileDto = ProfileAnswer;
export type SessionCheckDto = SessionCheckAnswer;

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
