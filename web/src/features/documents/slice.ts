import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../domain/shared/error-catalogue';
import { sessionEstablished, sessionExpired } from '../../shared/events';
import type { MyDocument } from '../../../../contract/quotes';

export interface DocumentsState {
  readonly items: readonly MyDocument[];
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly error: ApiErrorBody | null;
}

const initialState: DocumentsState = { items: [], status: 'idle', error: null };

const slice = createSlice({
  name: 'documents',
  initialState: initialState as DocumentsState,
  reducers: {
    documentsRequested: (state) => ({ ...state, status: 'loading' as const, error: null }),
    documentsLoaded: (_state, action: PayloadAction<readonly MyDocument[]>) => ({ items: action.payload, status: 'loaded' as const, error: null }),
    documentsFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, status: 'failed' as const, error: action.payload }),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEstablished, () => initialState);
    builder.addCase(sessionExpired, () => initialState);
  },
});

export const documentsReducer = slice.reducer;
export const { documentsRequested, documentsLoaded, documentsFailed } = slice.actions;

export const selectDocuments = (state: { documents: DocumentsState }) => state.documents;
