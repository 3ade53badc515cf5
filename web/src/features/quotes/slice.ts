import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../domain/shared/error-catalogue';
import { sessionEstablished, sessionExpired } from '../../shared/events';
import type { Simulation, SimulationRequest } from '../../../../contract/financing';
import type { IssuedQuote, MyQuote, QuoteRequest, QuotesPage } from '../../../../contract/quotes';
import type { MyQuotesQuery } from './quotes-query';
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
  readonly mine: {
    readonly query: MyQuotesQuery | null;
    readonly items: readonly MyQuote[];
    readonly total: number;
    readonly status: LoadStatus;
    readonly error: ApiErrorBody | null;
  };
  /** Quotes of the list being emailed again. */
  readonly resending: readonly string[];
}

const initialDelivery: QuotesState['delivery'] = { status: 'idle', quote: null, message: null, error: null };

const initialState: QuotesState = {
  simulation: { key: null, result: null, status: 'idle', error: null },
  delivery: initialDelivery,
  mine: { query: null, items: [], total: 0, status: 'idle', error: null },
  resending: [],
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

    myQuotesRequested: (state, action: PayloadAction<MyQuotesQuery>) => ({
      ...state,
      mine: { ...state.mine, query: action.payload, status: 'loading' as const, error: null },
    }),
    myQuotesLoaded: (state, action: PayloadAction<QuotesPage>) => ({
      ...state,
      mine: { ...state.mine, items: action.payload.items, total: action.payload.total, status: 'loaded' as const },
    }),
    myQuotesFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, mine: { ...state.mine, status: 'failed' as const, error: action.payload } }),
    quoteResendRequested: (state, action: PayloadAction<{ quoteId: string }>) => ({
      ...state,
      resending: [...state.resending.filter((id) => id !== action.payload.quoteId), action.payload.quoteId],
    }),
    quoteResendFinished: (state, action: PayloadAction<{ quoteId: string }>) => ({
      ...state,
      resending: state.resending.filter((id) => id !== action.payload.quoteId),
    }),
  },
  extraReducers: (builder) => {
    const forget = (state: QuotesState): QuotesState => ({
      ...state,
      delivery: initialDelivery,
      mine: initialState.mine,
      resending: [],
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
  myQuotesRequested,
  myQuotesLoaded,
  myQuotesFailed,
  quoteResendRequested,
  quoteResendFinished,
} = slice.actions;

type Root = { quotes: QuotesState };

export const selectSimulation = (state: Root) => state.quotes.simulation;
export const selectQuoteDelivery = (state: Root) => state.quotes.delivery;
export const selectMyQuotes = (state: Root) => state.quotes.mine;
export const selectResending = (state: Root) => state.quotes.resending;
