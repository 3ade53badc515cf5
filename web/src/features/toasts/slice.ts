import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { toastRequested, type ToastKind } from '../../shared/events';

export interface Toast {
  readonly id: string;
  readonly kind: ToastKind;
  readonly message: string;
}

export interface ToastsState {
  readonly items: readonly Toast[];
}

const MAX_VISIBLE = 5;

const initialState: ToastsState = { items: [] };

const slice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    dismissed(state, action: PayloadAction<string>) {
      return { items: state.items.filter((t) => t.id !== action.payload) };
    },
    expired(state, action: PayloadAction<string>) {
      return { items: state.items.filter((t) => t.id !== action.payload) };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(toastRequested, (state, { payload }) => ({
      items: [...state.items, { id: payload.id, kind: payload.kind, message: payload.message }].slice(-MAX_VISIBLE),
    }));
  },
});

export const toastsReducer = slice.reducer;
export const { dismissed: toastDismissed, expired: toastExpired } = slice.actions;

export const selectToasts = (state: { toasts: ToastsState }): readonly Toast[] => state.toasts.items;
