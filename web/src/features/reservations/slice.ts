import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../contract/errors';
import { sessionEstablished, sessionExpired } from '../../shared/events';
import type { Reservation, ReservationStarted } from '../../../../contract/reservations';
import type { FlowStep, PaymentOutcome } from './flow';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface ReservationTarget {
  readonly unitId: string;
  readonly projectId: string;
}

export interface ReservationsState {
  /** This tab's reservation in progress: request -> unit held -> off to the gateway, or refused. */
  readonly flow: {
    readonly step: FlowStep;
    readonly target: ReservationTarget | null;
    readonly started: ReservationStarted | null;
    readonly error: ApiErrorBody | null;
  };
  /** The payment result page: what the gateway's return said, and the reservation as recorded. */
  readonly result: {
    readonly reservationId: string | null;
    readonly outcome: PaymentOutcome | null;
    readonly code: string | null;
    readonly reservation: Reservation | null;
    readonly status: LoadStatus;
    readonly error: ApiErrorBody | null;
  };
}

const idleFlow: ReservationsState['flow'] = { step: 'idle', target: null, started: null, error: null };

const initialState: ReservationsState = {
  flow: idleFlow,
  result: { reservationId: null, outcome: null, code: null, reservation: null, status: 'idle', error: null },
};

const slice = createSlice({
  name: 'reservations',
  initialState: initialState as ReservationsState,
  reducers: {
    reserveRequested: (state, action: PayloadAction<ReservationTarget>) => ({
      ...state,
      flow: { step: 'requesting' as const, target: action.payload, started: null, error: null },
    }),
    unitHeld: (state, action: PayloadAction<ReservationStarted>) => ({ ...state, flow: { ...state.flow, step: 'held' as const, started: action.payload } }),
    paymentRedirectStarted: (state, _action: PayloadAction<{ reservationId: string }>) => ({ ...state, flow: { ...state.flow, step: 'redirecting' as const } }),
    reservationRefused: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, flow: { ...state.flow, step: 'failed' as const, error: action.payload } }),
    /** The summary before paying was refused (the unit was taken meanwhile...): shown like a refused reservation. */
    reservationTermsRefused: (state, action: PayloadAction<{ target: ReservationTarget; error: ApiErrorBody }>) => ({
      ...state,
      flow: { step: 'failed' as const, target: action.payload.target, started: null, error: action.payload.error },
    }),
    /** The buyer chose another unit: a finished or refused attempt is no longer shown. */
    reservationFlowReset: (state) => (state.flow.step === 'failed' ? { ...state, flow: idleFlow } : state),

    paymentResultOpened: (state, action: PayloadAction<{ reservationId: string; outcome: PaymentOutcome; code: string | null }>) => ({
      ...state,
      result: {
        ...action.payload,
        reservation: state.result.reservationId === action.payload.reservationId ? state.result.reservation : null,
        status: 'loading' as const,
        error: null,
      },
    }),
    paymentResultLoaded: (state, action: PayloadAction<Reservation>) =>
      action.payload.id !== state.result.reservationId
        ? state
        : { ...state, result: { ...state.result, reservation: action.payload, status: 'loaded' as const } },
    paymentResultFailed: (state, action: PayloadAction<{ reservationId: string; error: ApiErrorBody }>) =>
      action.payload.reservationId !== state.result.reservationId
        ? state
        : { ...state, result: { ...state.result, status: 'failed' as const, error: action.payload.error } },

    /** An unpaid hold the buyer goes back to pay (same gateway transaction). */
    paymentResumed: (state, _action: PayloadAction<{ reservationId: string; payment: Reservation['payment'] }>) => state,
  },
  extraReducers: (builder) => {
    const forget = (): ReservationsState => initialState;
    builder.addCase(sessionEstablished, forget);
    builder.addCase(sessionExpired, forget);
  },
});

export const reservationsReducer = slice.reducer;
export const {
  reserveRequested,
  unitHeld,
  paymentRedirectStarted,
  reservationRefused,
  reservationTermsRefused,
  reservationFlowReset,
  paymentResultOpened,
  paymentResultLoaded,
  paymentResultFailed,
  paymentResumed,
} = slice.actions;

type Root = { reservations: ReservationsState };

export const selectReservationFlow = (state: Root) => state.reservations.flow;
export const selectPaymentResult = (state: Root) => state.reservations.result;
