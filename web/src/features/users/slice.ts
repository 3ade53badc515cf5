import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../domain/shared/error-catalogue';
import type { Page } from '../../shared/api/list-query';
import type { RoleDefinition, UserDetail, UserListItem, UserListQuery } from './api/users-api';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

const usersAdapter = createEntityAdapter<UserListItem>();

export interface UsersState {
  readonly list: {
    readonly rows: EntityState<UserListItem, string>;
    readonly query: UserListQuery | null;
    readonly total: number;
    readonly status: LoadStatus;
    readonly error: ApiErrorBody | null;
  };
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
  readonly roleCatalogue: {
    readonly items: readonly RoleDefinition[];
    readonly status: LoadStatus;
  };
}

const initialState: UsersState = {
  list: { rows: usersAdapter.getInitialState(), query: null, total: 0, status: 'idle', error: null },
  detail: { id: null, user: null, etag: null, status: 'idle', error: null },
  rolesChange: { status: 'idle', error: null },
  roleCatalogue: { items: [], status: 'idle' },
};

const slice = createSlice({
  name: 'users',
  initialState: initialState as UsersState,
  reducers: {
    listRequested: (state, action: PayloadAction<UserListQuery>) => ({
      ...state,
      list: { ...state.list, query: action.payload, status: 'loading' as const, error: null },
    }),
    listLoaded: (state, action: PayloadAction<Page<UserListItem>>) => ({
      ...state,
      list: {
        ...state.list,
        rows: usersAdapter.setAll(usersAdapter.getInitialState(), action.payload.items),
        total: action.payload.total,
        status: 'loaded' as const,
      },
    }),
    listFailed: (state, action: PayloadAction<ApiErrorBody>) => ({
      ...state,
      list: { ...state.list, status: 'failed' as const, error: action.payload },
    }),
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
    rolesChangeSucceeded(state, action: PayloadAction<{ userId: string; roles: string[]; revision: number | string }>) {
      const { userId, roles, revision } = action.payload;
      state.rolesChange = { status: 'succeeded', error: null };
      if (state.detail.user && state.detail.user.id === userId) {
        state.detail.user.roles = roles;
        state.detail.user.rolesRevision = revision;
        state.detail.etag = `W/"${revision}"`;
      }
      if (state.list.rows.entities[userId]) usersAdapter.updateOne(state.list.rows, { id: userId, changes: { roles } });
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
  listRequested: usersListRequested,
  listLoaded: usersListLoaded,
  listFailed: usersListFailed,
  detailRequested: userDetailRequested,
  detailLoaded: userDetailLoaded,
  detailFailed: userDetailFailed,
  rolesChangeSubmitted,
  rolesChangeSucceeded,
  rolesChangeRejected,
  rolesChangeConflicted,
  roleCatalogueRequested,
  roleCatalogueLoaded,
  roleCatalogueFailed,
} = slice.actions;

type Root = { users: UsersState };

const rowSelectors = usersAdapter.getSelectors((state: Root) => state.users.list.rows);

export const selectUserRows = rowSelectors.selectAll;
export const selectUsersList = (state: Root) => state.users.list;
export const selectUserDetail = (state: Root) => state.users.detail;
export const selectRolesChange = (state: Root) => state.users.rolesChange;
export const selectRoleCatalogue = (state: Root) => state.users.roleCatalogue;
