import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../contract/errors';
import { sessionEstablished, sessionExpired } from '../../shared/events';
import type { AlertTarget, AvailabilityAlert } from './api/alerts-api';

export interface AlertsState {
  /** "Avisarme si se libera" (project page): the alert being set, one at a time, and its outcome. */
  readonly setting: {
    readonly target: AlertTarget | null;
    readonly status: 'idle' | 'saving' | 'saved' | 'failed';
    readonly alert: AvailabilityAlert | null;
    readonly error: ApiErrorBody | null;
  };
}

const initialState: AlertsState = {
  setting: { target: null, status: 'idle', alert: null, error: null },
};

const slice = createSlice({
  name: 'alerts',
  initialState: initialState as AlertsState,
  reducers: {
    alertSetRequested: (state, action: PayloadAction<AlertTarget>) => ({
      ...state,
      setting: { target: action.payload, status: 'saving' as const, alert: null, error: null },
    }),
    alertSet: (state, action: PayloadAction<AvailabilityAlert>) => ({
      ...state,
      setting: { ...state.setting, status: 'saved' as const, alert: action.payload },
    }),
    alertSetFailed: (state, action: PayloadAction<{ target: AlertTarget; error: ApiErrorBody }>) => ({
      ...state,
      setting: { ...state.setting, status: 'failed' as const, error: action.payload.error },
    }),
  },
  extraReducers: (builder) => {
    // Alerts belong to the person signed in: a new session starts from none.
    const forget = (): AlertsState => initialState;
    builder.addCase(sessionEstablished, forget);
    builder.addCase(sessionExpired, forget);
  },
});

export const alertsReducer = slice.reducer;
export const { alertSetRequested, alertSet, alertSetFailed } = slice.actions;

type Root = { alerts: AlertsState };

export const selectAlertSetting = (state: Root) => state.alerts.setting;
