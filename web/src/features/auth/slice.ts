import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { RegistrationPayload } from './api/auth-api';

/** Progress of each account flow. Form values stay in the forms; only outcomes live here. */
export type FlowStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export interface FlowState {
  readonly status: FlowStatus;
  readonly message: string | null;
  readonly error: ApiErrorBody | null;
}

export type AuthFlow = 'login' | 'registration' | 'verification' | 'resend' | 'forgot' | 'reset';

export type AuthState = Readonly<Record<AuthFlow, FlowState>>;

const idle: FlowState = { status: 'idle', message: null, error: null };
const pending: FlowState = { status: 'pending', message: null, error: null };
const succeeded = (message: string | null): FlowState => ({ status: 'succeeded', message, error: null });
const failed = (error: ApiErrorBody): FlowState => ({ status: 'failed', message: null, error });

const initialState: AuthState = { login: idle, registration: idle, verification: idle, resend: idle, forgot: idle, reset: idle };

export type LoginSource = 'landing' | 'sign-in';

const slice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    flowEntered: (state, action: PayloadAction<AuthFlow>) => ({ ...state, [action.payload]: idle }),

    loginSubmitted: (
      state,
      _action: PayloadAction<{ login: string; password: string; rememberMe: boolean; redirect: string | null; source: LoginSource }>,
    ) => ({ ...state, login: pending }),
    loginSucceeded: (state) => ({ ...state, login: succeeded(null) }),
    loginFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, login: failed(action.payload) }),

    registrationSubmitted: (state, _action: PayloadAction<RegistrationPayload>) => ({ ...state, registration: pending }),
    registrationSucceeded: (state, action: PayloadAction<{ message: string }>) => ({ ...state, registration: succeeded(action.payload.message) }),
    registrationFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, registration: failed(action.payload) }),

    emailVerificationRequested: (state, _action: PayloadAction<{ token: string }>) => ({ ...state, verification: pending }),
    emailVerified: (state, action: PayloadAction<{ message: string }>) => ({ ...state, verification: succeeded(action.payload.message) }),
    emailVerificationFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, verification: failed(action.payload) }),

    verificationResendSubmitted: (state, _action: PayloadAction<{ email: string }>) => ({ ...state, resend: pending }),
    verificationResent: (state, action: PayloadAction<{ message: string }>) => ({ ...state, resend: succeeded(action.payload.message) }),
    verificationResendFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, resend: failed(action.payload) }),

    forgotPasswordSubmitted: (state, _action: PayloadAction<{ email: string }>) => ({ ...state, forgot: pending }),
    resetLinkSent: (state, action: PayloadAction<{ message: string }>) => ({ ...state, forgot: succeeded(action.payload.message) }),
    forgotPasswordFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, forgot: failed(action.payload) }),

    passwordResetSubmitted: (state, _action: PayloadAction<{ token: string; password: string; passwordConfirmation: string }>) => ({
      ...state,
      reset: pending,
    }),
    passwordResetSucceeded: (state, action: PayloadAction<{ message: string }>) => ({ ...state, reset: succeeded(action.payload.message) }),
    passwordResetFailed: (state, action: PayloadAction<ApiErrorBody>) => ({ ...state, reset: failed(action.payload) }),
  },
});

export const authReducer = slice.reducer;
export const authActions = slice.actions;
export const {
  flowEntered,
  loginSubmitted,
  loginSucceeded,
  loginFailed,
  registrationSubmitted,
  registrationSucceeded,
  registrationFailed,
  emailVerificationRequested,
  emailVerified,
  emailVerificationFailed,
  verificationResendSubmitted,
  verificationResent,
  verificationResendFailed,
  forgotPasswordSubmitted,
  resetLinkSent,
  forgotPasswordFailed,
  passwordResetSubmitted,
  passwordResetSucceeded,
  passwordResetFailed,
} = slice.actions;

export const selectAuthFlow =
  (flow: AuthFlow) =>
  (state: { auth: AuthState }): FlowState =>
    state.auth[flow];
export const selectLoginFlow = selectAuthFlow('login');
export const selectRegistrationFlow = selectAuthFlow('registration');
export const selectVerificationFlow = selectAuthFlow('verification');
export const selectResendFlow = selectAuthFlow('resend');
export const selectForgotFlow = selectAuthFlow('forgot');
export const selectResetFlow = selectAuthFlow('reset');
