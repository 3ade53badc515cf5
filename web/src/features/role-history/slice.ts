import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../domain/shared/error-catalogue';
import type { Page } from '../../shared/api/list-query';
import type { AuditQuery, RoleChange } from './api/role-history-api';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface UserHistory {
  readonly items: readonly RoleChange[];
  readonly status: LoadStatus;
  readonly error: ApiErrorBody | null;
}

export interface RoleHistoryState {
  readonly byUser: Readonly<Record<string, UserHistory>>;
  readonly audit: {
    readonly query: AuditQuery | null;
    readonly items: readonly RoleChange[];
    readonly total: number;
    readonly status: LoadStatus;
    readonly error: ApiErrorBody | null;
  };
}

const initialState: RoleHistoryState = {
  byUser: {},
  audit: { query: null, items: [], total: 0, status: 'idle', error: null },
};

const emptyHistory: UserHistory = { items: [], status: 'idle', error: null };

const withUser = (state: RoleHistoryState, userId: string, history: UserHistory): RoleHistoryState => ({
  ...state,
  byUser: { ...state.byUser, [userId]: history },
});

const slice = createSlice({
  name: 'roleHistory',
  initialState: initialState as RoleHistoryState,
  reducers: {
    userHistoryRequested: (state, action: PayloadAction<{ userId: string }>) => {
      const current = state.byUser[action.payload.userId] ?? emptyHistory;
      return withUser(state, action.payload.userId, { ...current, status: 'loading', error: null });
    },
    userHistoryLoaded: (state, action: PayloadAction<{ userId: string; items: readonly RoleChange[] }>) =>
      withUser(state, action.payload.userId, { items: action.payload.items, status: 'loaded', error: null }),
    userHistoryFailed: (state, action: PayloadAction<{ userId: string; error: ApiErrorBody }>) => {
      const current = state.byUser[action.payload.userId] ?? emptyHistory;
      return withUser(state, action.payload.userId, { ...current, status: 'failed', error: action.payload.error });
    },
    auditRequested: (state, action: PayloadAction<AuditQuery>) => ({
      ...state,
      audit: { ...state.audit, query: action.payload, status: 'loading' as const, error: null },
    }),
    auditLoaded: (state, action: PayloadAction<Page<RoleChange>>) => ({
      ...state,
      audit: { ...state.audit, items: action.payload.items, total: action.payload.total, status: 'loaded' as const },
    }),
    auditFailed: (state, action: PayloadAction<ApiErrorBody>) => ({
      ...state,
      audit: { ...state.audit, status: 'failed' as const, error: action.payload },
    }),
  },
});

export const roleHistoryReducer = slice.reducer;
export const { userHistoryRequested, userHistoryLoaded, userHistoryFailed, auditRequested, auditLoaded, auditFailed } = slice.actions;

type Root = { roleHistory: RoleHistoryState };

export const selectUserHistory = (state: Root, userId: string): UserHistory => state.roleHistory.byUser[userId] ?? emptyHistory;
export const selectAudit = (state: Root) => state.roleHistory.audit;
