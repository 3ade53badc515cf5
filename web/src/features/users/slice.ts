import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../domain/shared/error-catalogue';
import type { RoleDefinition, UserDetail } from './api/users-api';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The users list itself is a plain read (shared/kit useResourceList); the detail and role changes live here. */
export interface UsersState {
  readonly detail: {
    readonly id: string | null;
    readonly user: UserDetail | null;
    readonly etag: string | null;
    readonly status: LoadStatus;
    readonly error: ApiErrorBody | null;
  };
  /** Role changes are pessimistic: nothing changes on screen until the server answers. */
  readonly rolesChange: {
    readonly status: 'idle' | 'saving' | 'succeeded' | 'rejected' | 'conflict';
    readonly error: ApiErrorBody | null;
  };
  /** Enabling or disabling an account, after the confirm dialog; pessimistic as role changes. */
  readonly statusChange: {
    readonly status: 'idle' | 'saving' | 'succeeded' | 'rejected';
    readonly error: ApiErrorBody | null;
  };
  readonly roleCatalogue: {
    readonly items: readonly RoleDefinition[];
    readonly status: LoadStatus;
  };
}

const initialState: UsersState = {
  detail: { id: null, user: null, etag: null, status: 'idle', error: null },
  rolesChange: { status: 'idle', error: null },
  statusChange: { status: 'idle', error: null },
  roleCatalogue: { items: [], status: 'idle' },
};

const slice = createSlice({
  name: 'users',
  initialState: initialState as UsersState,
  reducers: {
    detailRequested: (state, action: PayloadAction<{ id: string }>) => {
      const sameUser = state.detail.id === action.payload.id;
      return {
        ...state,
        detail: {
          id: action.payload.id,
          user: sameUser ? state.detail.user : null,
          etag: sameUser ? state.detail.etag : null,
          status: 'loading' as const,
          error: null,
        },
        rolesChange: sameUser ? state.rolesChange : { status: 'idle' as const, error: null },
      };
    },
    detailLoaded: (state, action: PayloadAction<{ user: UserDetail; etag: string }>) =>
      state.detail.id !== action.payload.user.id
        ? state
        : { ...state, detail: { ...state.detail, user: action.payload.user, etag: action.payload.etag, status: 'loaded' as const } },
    detailFailed: (state, action: PayloadAction<ApiErrorBody>) => ({
      ...state,
      detail: { ...state.detail, status: 'failed' as const, error: action.payload },
    }),
    rolesChangeSubmitted: (state, _action: PayloadAction<{ userId: string; roles: string[]; reason: string; etag: string }>) => ({
      ...state,
      rolesChange: { status: 'saving' as const, error: null },
    }),
    rolesChangeSucceeded(state, action: PayloadAction<{ userId: string; roles: string[]; revision: number }>) {
      const { userId, roles, revision } = action.payload;
      state.rolesChange = { status: 'succeeded', error: null };
      if (state.detail.user && state.detail.user.id === userId) {
        state.detail.user.roles = roles;
        state.detail.user.rolesRevision = revision;
        state.detail.etag = `W/"${revision}"`;
      }
    },
    rolesChangeRejected: (state, action: PayloadAction<ApiErrorBody>) => ({
      ...state,
      rolesChange: { status: 'rejected' as const, error: action.payload },
    }),
    /** 412: someone changed the roles meanwhile; the detail reloads and the user is told. */
    rolesChangeConflicted: (state, action: PayloadAction<ApiErrorBody>) => ({
      ...state,
      rolesChange: { status: 'conflict' as const, error: action.payload },
    }),
    statusChangeSubmitted: (state, _action: PayloadAction<{ userId: string; enabled: boolean; reason: string }>) => ({
      ...state,
      statusChange: { status: 'saving' as const, error: null },
    }),
    statusChangeSucceeded: (state, _action: PayloadAction<{ userId: string; enabled: boolean }>) => ({
      ...state,
      statusChange: { status: 'succeeded' as const, error: null },
    }),
    statusChangeRejected: (state, action: PayloadAction<ApiErrorBody>) => ({
      ...state,
      statusChange: { status: 'rejected' as const, error: action.payload },
    }),
    statusChangeDismissed: (state) => ({ ...state, statusChange: { status: 'idle' as const, error: null } }),
    roleCatalogueRequested: (state) =>
      state.roleCatalogue.status === 'loaded' ? state : { ...state, roleCatalogue: { ...state.roleCatalogue, status: 'loading' as const } },
    roleCatalogueLoaded: (state, action: PayloadAction<readonly RoleDefinition[]>) => ({
      ...state,
      roleCatalogue: { items: action.payload, status: 'loaded' as const },
    }),
    roleCatalogueFailed: (state) => ({ ...state, roleCatalogue: { ...state.roleCatalogue, status: 'failed' as const } }),
  },
});

export const usersReducer = slice.reducer;
export const {
  detailRequested: userDetailRequested,
  detailLoaded: userDetailLoaded,
  detailFailed: userDetailFailed,
  rolesChangeSubmitted,
  rolesChangeSucceeded,
  rolesChangeRejected,
  rolesChangeConflicted,
  statusChangeSubmitted,
  statusChangeSucceeded,
  statusChangeRejected,
  statusChangeDismissed,
  roleCatalogueRequested,
  roleCatalogueLoaded,
  roleCatalogueFailed,
} = slice.actions;

type Root = { users: UsersState };

export const selectUserDetail = (state: Root) => state.users.detail;
export const selectRolesChange = (state: Root) => state.users.rolesChange;
export const selectStatusChange = (state: Root) => state.users.statusChange;
export const selectRoleCatalogue = (state: Root) => state.users.roleCatalogue;
