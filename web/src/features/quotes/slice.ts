import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../contract/errors';
import { sessionEstablished, sessionExpired } from '../../shared/events';
import type { Simulation, SimulationRequest } from '../../../../contract/financing';
import type { IssuedQuote, QuoteRequest } from '../../../../contract/quotes';
import { simulationKey } from './calculator';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface QuotesState {
  /** The calculator's latest answer, for the request it answers. */
  readonly simulation: { readonly key: string | null; readonly result: Simulation | null; readonly status: LoadStatus; readonly error: ApiErrorBody | null };
  /** "Send the quote PDF to my email": the quote is issued, then mailed. */
  readonly delivery: {
    readonly status: 'idle' | 'issuing' | 'emailing' | 'sent' | 'failed';
    readonly quote: IssuedQuote | null;
    readonly message: string | null;
    readonly error: ApiErrorBody | null;
  };
}

const initialDelivery: QuotesState['delivery'] = { status: 'idle', quote: null, message: null, error: null };

const initialState: QuotesState = {
  simulation: { key: null, result: null, status: 'idle', error: null },
  delivery: initialDelivery,
};

const slice = createSlice({
  name: 'quotes',
  initialState: initialState as QuotesState,
  reducers: {
    simulationRequested: (state, action: PayloadAction<SimulationRequest>) => ({
      ...state,
      simulation: { ...state.simulation, key: simulationKey(action.payload), status: 'loading' as const, error: null },
    }),
    simulationLoaded: (state, action: PayloadAction<{ key: string; result: Simulation }>) =>
      action.payload.key !== state.simulation.key
        ? state
        : { ...state, simulation: { ...state.simulation, result: action.payload.result, status: 'loaded' as const } },
    simulationFailed: (state, action: PayloadAction<{ key: string; error: ApiErrorBody }>) =>
      action.payload.key !== state.simulation.key
        ? state
        : { ...state, simulation: { ...state.simulation, status: 'failed' as const, error: action.payload.error } },
    /** Another unit (or pricing) in the calculator: the quote sent for the previous one is no longer shown. */
    calculatorUnitChanged: (state) => ({ ...state, delivery: initialDelivery }),

    quoteEmailRequested: (state, _action: PayloadAction<QuoteRequest>) => ({ ...state, delivery: { ...initialDelivery, status: 'issuing' as const } }),
    quoteIssued: (state, action: PayloadAction<IssuedQuote>) => ({
      ...state,
      delivery: { ...state.delivery, status: 'emailing' as const, quote: action.payload },
    }),
    quoteEmailed: (state, action: PayloadAction<{ quoteId: string; to: string; message: string }>) =>
      state.delivery.quote?.id !== action.payload.quoteId
        ? state
        : { ...state, delivery: { ...state.delivery, status: 'sent' as const, message: action.payload.message } },
    quoteDeliveryFailed: (state, action: PayloadAction<ApiErrorBody>) => ({
      ...state,
      delivery: { ...state.delivery, status: 'failed' as const, error: action.payload },
    }),
  },
  extraReducers: (builder) => {
    const forget = (state: QuotesState): QuotesState => ({
      ...state,
      delivery: initialDelivery,
      simulation: initialState.simulation,
    });
    builder.addCase(sessionEstablished, forget);
    builder.addCase(sessionExpired, forget);
  },
});

export const quotesReducer = slice.reducer;
export const {
  simulationRequested,
  simulationLoaded,
  simulationFailed,
  calculatorUnitChanged,
  quoteEmailRequested,
  quoteIssued,
  quoteEmailed,
  quoteDeliveryFailed,
} = slice.actions;

type Root = { quotes: QuotesState };

export const selectSimulation = (state: Root) => state.quotes.simulation;
export const selectQuoteDelivery = (state: Root) => state.quotes.delivery;
