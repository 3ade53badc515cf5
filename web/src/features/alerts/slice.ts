import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../domain/shared/error-catalogue';
import { sessionEstablished, sessionExpired } from '../../shared/events';
import type { AlertTarget, AvailabilityAlert, MyAlert, MyAlertsAnswer } from './api/alerts-api';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface AlertsState {
  /** "Avisarme si se libera" (project page): the alert being set, one at a time, and its outcome. */
  readonly setting: {
    readonly target: AlertTarget | null;
    readonly status: 'idle' | 'saving' | 'saved' | 'failed';
    readonly alert: AvailabilityAlert | null;
    readonly error: ApiErrorBody | null;
  };
  /** "Mis alertas": waiting and notified alerts, newest first. */
  readonly mine: { readonly items: readonly MyAlert[]; readonly total: number; readonly status: LoadStatus; readonly error: ApiErrorBody | null };
  /** Alerts whose removal is on its way to the server. */
  readonly removing: readonly string[];
}

const initialState: AlertsState = {
  setting: { target: null, status: 'idle', alert: null, error: null },
  mine: { items: [], total: 0, status: 'idle', error: null },
  removing: [],
};

const asListed = (alert: AvailabilityAlert): MyAlert => ({ ...alert, notifiedAt: null, notifiedUnitId: null, notifiedUnitNumber: null });

const without = (list: readonly string[], value: string) => list.filter((v) => v !== value);

const slice = createSlice({
  name: 'alerts',
  initialState: initialState as AlertsState,
  reducers: {
    alertSetRequested: (state, action: PayloadAction<AlertTarget>) => ({
      ...state,
      setting: { target: action.payload, status: 'saving' as const, alert: null, error: null },
    }),
    /** The server answers the alert already waiting when it is set again: a loaded list gains it once. */
    alertSet: (state, action: PayloadAction<AvailabilityAlert>) => {
      const known = state.mine.items.some((a) => a.id === action.payload.id);
      const mine =
        state.mine.status !== 'loaded' || known
          ? state.mine
          : { ...state.mine, items: [asListed(action.payload), ...state.mine.items], total: state.mine.total + 1 };
      return { ...state, setting: { ...state.setting, status: 'saved' as const, alert: action.payload }, mine };
    },
    alertSetFailed: (state, action: PayloadAction<{ target: AlertTarget; error: ApiErrorBody }>) => ({
      ...state,
      setting: { ...state.setting, status: 'failed' as const, error: action.payload.error },
    }),

    myAlertsRequested: (state) => ({ ...state, mine: { ...state.mine, status: 'loading' as const, error: null } }),
    myAlertsLoaded: (state, action: PayloadAction<MyAlertsAnswer>) => ({
      ...state,
      mine: { items: action.payload.items, total: action.payload.total, status: 'loaded' as const, error: null },
    }),
    myAlertsFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, mine: { ...state.mine, status: 'failed' as const, error: action.payload } }),

    /** Pessimistic: the row goes when the server has removed the alert. */
    alertRemoveRequested: (state, action: PayloadAction<{ alertId: string }>) => ({
      ...state,
      removing: [...without(state.removing, action.payload.alertId), action.payload.alertId],
    }),
    alertRemoved: (state, action: PayloadAction<{ alertId: string }>) => {
      const { alertId } = action.payload;
      const listed = state.mine.items.some((a) => a.id === alertId);
      return {
        ...state,
        removing: without(state.removing, alertId),
        mine: listed ? { ...state.mine, items: state.mine.items.filter((a) => a.id !== alertId), total: Math.max(0, state.mine.total - 1) } : state.mine,
      };
    },
    alertRemoveFailed: (state, action: PayloadAction<{ alertId: string; error: ApiErrorBody }>) => ({
      ...state,
      removing: without(state.removing, action.payload.alertId),
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
export const {
  alertSetRequested,
  alertSet,
  alertSetFailed,
  myAlertsRequested,
  myAlertsLoaded,
  myAlertsFailed,
  alertRemoveRequested,
  alertRemoved,
  alertRemoveFailed,
} = slice.actions;

type Root = { alerts: AlertsState };

export const selectAlertSetting = (state: Root) => state.alerts.setting;
export const selectMyAlerts = (state: Root) => state.alerts.mine;
export const selectRemovingAlerts = (state: Root) => state.alerts.removing;
