import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../domain/shared/error-catalogue';
import type { CapturedMail } from './api/mailbox-api';

export interface MailboxState {
  readonly items: readonly CapturedMail[];
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly error: ApiErrorBody | null;
}

const initialState: MailboxState = { items: [], status: 'idle', error: null };

const slice = createSlice({
  name: 'mailbox',
  initialState,
  reducers: {
    requested: (state) => ({ ...state, status: 'loading', error: null }),
    loaded: (_state, action: PayloadAction<readonly CapturedMail[]>) => ({ items: action.payload, status: 'loaded', error: null }),
    failed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, status: 'failed', error: action.payload }),
  },
});

export const mailboxReducer = slice.reducer;
export const { requested: mailboxRequested, loaded: mailboxLoaded, failed: mailboxFailed } = slice.actions;

export const selectMailbox = (state: { mailbox: MailboxState }): MailboxState => state.mailbox;
