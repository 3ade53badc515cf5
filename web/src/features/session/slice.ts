import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { hasPermission as grants } from '../../shared/auth/roles';
import type { SessionEndReason, SessionSnapshot, SessionUser } from '../../shared/auth/session-types';
import { profileChanged, sessionEstablished, sessionExpired } from '../../shared/events';

/**
 * Authentication state of spec §3/§4: loading, then initialized and authenticated or not. Login,
 * start-up and another tab's login authenticate; logout, expiry and reset clear it.
 */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type SessionEnd = 'logout' | 'local-logout' | SessionEndReason;
export type SessionOrigin = 'this-tab' | 'other-tab';

export interface SessionState {
  readonly status: SessionStatus;
  readonly initialized: boolean;
  readonly session: SessionSnapshot | null;
  /** The user did something since the session was last renewed: the expiry monitor may refresh. */
  readonly activeSinceRenewal: boolean;
  readonly endedBy: SessionEnd | null;
}

export const initialSessionState: SessionState = {
  status: 'loading',
  initialized: false,
  session: null,
  activeSinceRenewal: false,
  endedBy: null,
};

const authenticated = (session: SessionSnapshot): SessionState => ({
  status: 'authenticated',
  initialized: true,
  session,
  activeSinceRenewal: false,
  endedBy: null,
});

const ended = (endedBy: SessionEnd): SessionState => ({ ...initialSessionState, status: 'unauthenticated', initialized: true, endedBy });

const slice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** Start-up (or another tab's login) found a valid session and read the profile. */
    restored: (_state, action: PayloadAction<{ session: SessionSnapshot; origin: SessionOrigin }>) => authenticated(action.payload.session),
    /** Start-up found no valid session. */
    noneFound: () => ({ ...initialSessionState, status: 'unauthenticated' as const, initialized: true }),
    logoutRequested: (state) => state,
    loggedOut: (_state, action: PayloadAction<{ local: boolean; origin: SessionOrigin }>) => ended(action.payload.local ? 'local-logout' : 'logout'),
    extended(state, action: PayloadAction<{ expiresAt: number }>) {
      if (!state.session) return state;
      return { ...state, session: { ...state.session, expiresAt: action.payload.expiresAt }, activeSinceRenewal: false };
    },
    activityRecorded(state) {
      return state.status === 'authenticated' && !state.activeSinceRenewal ? { ...state, activeSinceRenewal: true } : state;
    },
    reset: () => initialSessionState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEstablished, (_state, action) => authenticated(action.payload.session))
      .addCase(sessionExpired, (_state, action) => ended(action.payload.reason))
      // The header shows the name the buyer just saved.
      .addCase(profileChanged, (state, action) => {
        if (!state.session) return state;
        const { name, firstLastName, secondLastName, phone } = action.payload;
        return { ...state, session: { ...state.session, user: { ...state.session.user, name, firstLastName, secondLastName, phone } } };
      });
  },
});

export const sessionReducer = slice.reducer;
export const {
  restored: sessionRestored,
  noneFound: noSessionFound,
  logoutRequested,
  loggedOut,
  extended: sessionExtended,
  activityRecorded,
  reset: sessionReset,
} = slice.actions;

type Root = { session: SessionState };

export const selectSessionStatus = (state: Root): SessionStatus => state.session.status;
export const selectIsInitialized = (state: Root): boolean => state.session.initialized;
export const selectIsLoading = (state: Root): boolean => state.session.status === 'loading';
export const selectIsAuthenticated = (state: Root): boolean => state.session.status === 'authenticated';
export const selectSession = (state: Root): SessionSnapshot | null => state.session.session;
export const selectSessionUser = (state: Root): SessionUser | null => state.session.session?.user ?? null;
export const selectActiveRole = (state: Root): string | null => state.session.session?.activeRole ?? null;
export const selectExpiresAt = (state: Root): number | null => state.session.session?.expiresAt ?? null;
export const selectActiveSinceRenewal = (state: Root): boolean => state.session.activeSinceRenewal;
export const selectSessionEndedBy = (state: Root): SessionEnd | null => state.session.endedBy;

const EMPTY: readonly string[] = [];

export const selectRoleNames = createSelector([selectSession], (session): readonly string[] => session?.roles.map((r) => r.name) ?? EMPTY);

/** Permissions and abilities together; '*' in either grants everything. */
export const selectGrants = createSelector([selectSession], (session): readonly string[] => (session ? [...session.permissions, ...session.abilities] : EMPTY));

export const selectHasPermission = (state: Root, permission: string): boolean => grants(selectGrants(state), permission);
