import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { ContactKind, ContactRequest } from './api/contact-api';

export interface ContactContext {
  readonly kind: ContactKind;
  readonly projectId: string | null;
  readonly projectName: string | null;
  readonly unitId: string | null;
  /** A message to start from (e.g. asking to be told when a unit frees up). */
  readonly message: string;
}

/**
 * The contact / advisor modal: whether it is open and for what (other features open it, so this is
 * shared state), and the outcome of the request. The typed values stay in the form.
 */
export interface ContactState {
  readonly open: boolean;
  readonly context: ContactContext;
  readonly status: 'idle' | 'sending' | 'sent' | 'failed';
  readonly error: ApiErrorBody | null;
}

const noContext: ContactContext = { kind: 'contact', projectId: null, projectName: null, unitId: null, message: '' };

const initialState: ContactState = { open: false, context: noContext, status: 'idle', error: null };

const slice = createSlice({
  name: 'contact',
  initialState: initialState as ContactState,
  reducers: {
    contactFormOpened: (_state, action: PayloadAction<Partial<ContactContext> & { kind: ContactKind }>) => ({
      open: true,
      context: { ...noContext, ...action.payload },
      status: 'idle' as const,
      error: null,
    }),
    contactFormClosed: (state) => ({ ...state, open: false }),
    contactRequestSubmitted: (state, _action: PayloadAction<ContactRequest>) => ({ ...state, status: 'sending' as const, error: null }),
    contactRequestSent: (state, _action: PayloadAction<{ message: string }>) => ({ ...state, open: false, status: 'sent' as const }),
    contactRequestFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, status: 'failed' as const, error: action.payload }),
  },
});

export const contactReducer = slice.reducer;
export const { contactFormOpened, contactFormClosed, contactRequestSubmitted, contactRequestSent, contactRequestFailed } = slice.actions;

export const selectContact = (state: { contact: ContactState }) => state.contact;
