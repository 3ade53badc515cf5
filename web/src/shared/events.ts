import { createAction, nanoid } from '@reduxjs/toolkit';
import type { SessionEndReason, SessionSnapshot } from './auth/session-types';

/**
 * Events more than one feature speaks. Features never import each other; when one must react to
 * another's news (a login, an expired session, changed roles, a toast to show) the event is named here.
 */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastRequest {
  readonly kind: ToastKind;
  readonly message: string;
}

export const toastRequested = createAction('toasts/requested', (request: ToastRequest) => ({
  payload: { ...request, id: nanoid() },
}));

/** A login in this tab succeeded (the auth feature announces, the session feature keeps it). */
export const sessionEstablished = createAction<{ session: SessionSnapshot }>('session/established');

/** The session ended without a logout: failed refresh, inactivity, token expiry or another tab. */
export const sessionExpired = createAction<{ reason: SessionEndReason }>('session/expired');

/** An administrator's role change was accepted (the users feature announces, role history reloads). */
export const userRolesChanged = createAction<{ userId: string; roles: string[]; revision: string | null }>('users/rolesChanged');

/**
 * The reservations feature learned that a unit is held or reserved by someone else (a 409): the
 * catalogue reloads the unit table so the buyer sees it taken.
 */
export const unitTaken = createAction<{ unitId: string; projectId: string | null }>('reservations/unitTaken');

/**
 * The alerts feature learned that a unit is not what the page shows (an alert refused because the unit is
 * free again, sold or gone): the catalogue reads the unit again, so the page stops offering the wrong thing.
 */
export const unitStatusStale = createAction<{ unitId: string; projectId: string }>('alerts/unitStatusStale');

/** The buyer saved their profile (the profile feature announces, the session keeps the new name). */
export const profileChanged = createAction<{ name: string; firstLastName: string; secondLastName: string; phone: string | null }>('profile/changed');
