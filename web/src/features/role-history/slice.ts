import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { RoleChange } from './api/role-history-api';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface UserHistory {
  readonly items: readonly RoleChange[];
  readonly status: LoadStatus;
  readonly error: ApiErrorBody | null;
}

/** One user's history; the audit of all changes is a plain read (shared/kit useResourceList). */
export interface RoleHistoryState {
  readonly byUser: Readonly<Record<string, UserHistory>>;
}

const initialState: RoleHistoryState = {
  byUser: {},
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
  },
});

export const roleHistoryReducer = slice.reducer;
export const { userHistoryRequested, userHistoryLoaded, userHistoryFailed } = slice.actions;

type Root = { roleHistory: RoleHistoryState };

export const selectUserHistory = (state: Root, userId: string): UserHistory => state.roleHistory.byUser[userId] ?? emptyHistory;
