import { call, delay, put, spawn, takeEvery, takeLeading } from 'redux-saga/effects';
import type { ApiErrorBody } from '../../../../contract/errors';
import { ApiError, toApiErrorBody } from '../../shared/api/errors';
import { postLoginPath } from '../../shared/auth/roles';
import { sessionFromLogin } from '../../shared/auth/session-mapping';
import type { LoginResponseDto, SessionSnapshot } from '../../shared/auth/session-types';
import { LOGIN_HINT_DELAY_MS, MESSAGES } from '../../shared/config/constants';
import { sessionEstablished, toastRequested, type ToastKind } from '../../shared/events';
import { getServices, type AppServices } from '../../shared/store/services';
import * as authApi from './api/auth-api';
import {
  emailVerificationFailed,
  emailVerificationRequested,
  emailVerified,
  forgotPasswordFailed,
  forgotPasswordSubmitted,
  loginFailed,
  loginSubmitted,
  loginSucceeded,
  passwordResetFailed,
  passwordResetSubmitted,
  passwordResetSucceeded,
  registrationFailed,
  registrationSubmitted,
  registrationSucceeded,
  resetLinkSent,
  verificationResendFailed,
  verificationResendSubmitted,
  verificationResent,
} from './slice';

const toastKind = (body: ApiErrorBody): ToastKind => (body.severity === 'warning' ? 'warning' : body.severity === 'info' ? 'info' : 'error');

const failureBody = (error: unknown): ApiErrorBody =>
  error instanceof ApiError || !(error instanceof Error)
    ? toApiErrorBody(error)
    : { code: 'INVALID_RESPONSE', message: error.message, severity: 'error', fieldErrors: [], actions: [] };

/* Login: session established, success toast, then the role's home (or the redirect asked for). */
export function* login({ payload }: ReturnType<typeof loginSubmitted>) {
  const { api, navigate, now }: AppServices = yield getServices();
  try {
    const answer: LoginResponseDto = yield call(authApi.login, api, {
      email: payload.login.trim(),
      password: payload.password,
      rememberMe: payload.rememberMe,
    });
    const session: SessionSnapshot = sessionFromLogin(answer, now());
    yield put(loginSucceeded());
    yield put(sessionEstablished({ session }));
    yield put(toastRequested({ kind: 'success', message: MESSAGES.loginSucceeded }));
    yield call(
      navigate,
      postLoginPath(
        session.roles.map((r) => r.name),
        payload.redirect,
      ),
      { replace: true },
    );
  } catch (error) {
    const body = failureBody(error);
    yield put(loginFailed(body));
    yield put(toastRequested({ kind: toastKind(body), message: body.message }));
    // Detached, so the form accepts a new attempt while the hint waits.
    if (body.actions.length > 0) yield spawn(hintLater, body.actions[0]);
  }
}

function* hintLater(action: string) {
  yield delay(LOGIN_HINT_DELAY_MS);
  yield put(toastRequested({ kind: 'info', message: `${MESSAGES.loginHintPrefix}${action}` }));
}

function* register({ payload }: ReturnType<typeof registrationSubmitted>) {
  const { api }: AppServices = yield getServices();
  try {
    const answer: authApi.MessageAnswer = yield call(authApi.register, api, payload);
    const message = answer?.message || 'Cuenta creada. Revise su correo para verificar su email.';
    yield put(registrationSucceeded({ message }));
    yield put(toastRequested({ kind: 'success', message }));
  } catch (error) {
    const body = failureBody(error);
    yield put(registrationFailed(body));
    yield put(toastRequested({ kind: toastKind(body), message: body.message }));
  }
}

/**
 * A verification token works once, and the page asks on load (twice under React's StrictMode, and
 * again on a revisit): each token is sent once and later requests replay the first outcome.
 */
function* verifyEmailOnce() {
  const outcomes = new Map<string, ReturnType<typeof emailVerified> | ReturnType<typeof emailVerificationFailed> | 'pending'>();
  yield takeEvery(emailVerificationRequested.type, function* ({ payload }: ReturnType<typeof emailVerificationRequested>) {
    const known = outcomes.get(payload.token);
    if (known === 'pending') return;
    if (known) {
      yield put(known);
      return;
    }
    outcomes.set(payload.token, 'pending');
    const { api }: AppServices = yield getServices();
    let outcome: ReturnType<typeof emailVerified> | ReturnType<typeof emailVerificationFailed>;
    try {
      const answer: authApi.MessageAnswer = yield call(authApi.verifyEmail, api, payload.token);
      outcome = emailVerified({ message: answer?.message || 'Su email fue verificado. Ya puede iniciar sesión.' });
    } catch (error) {
      outcome = emailVerificationFailed(failureBody(error));
    }
    outcomes.set(payload.token, outcome);
    yield put(outcome);
  });
}

function* resend({ payload }: ReturnType<typeof verificationResendSubmitted>) {
  const { api }: AppServices = yield getServices();
  try {
    const answer: authApi.MessageAnswer = yield call(authApi.resendVerification, api, payload.email.trim());
    yield put(verificationResent({ message: answer?.message || 'Si el email está registrado y no verificado, le enviamos un nuevo enlace de confirmación.' }));
  } catch (error) {
    yield put(verificationResendFailed(failureBody(error)));
  }
}

function* forgot({ payload }: ReturnType<typeof forgotPasswordSubmitted>) {
  const { api }: AppServices = yield getServices();
  try {
    const answer: authApi.MessageAnswer = yield call(authApi.forgotPassword, api, payload.email.trim());
    yield put(resetLinkSent({ message: answer?.message || 'Si el email está registrado, recibirá un enlace para restablecer su contraseña.' }));
  } catch (error) {
    yield put(forgotPasswordFailed(failureBody(error)));
  }
}

function* reset({ payload }: ReturnType<typeof passwordResetSubmitted>) {
  const { api }: AppServices = yield getServices();
  try {
    const answer: authApi.MessageAnswer = yield call(authApi.resetPassword, api, payload);
    const message = answer?.message || 'Su contraseña fue restablecida. Ya puede iniciar sesión.';
    yield put(passwordResetSucceeded({ message }));
    yield put(toastRequested({ kind: 'success', message }));
  } catch (error) {
    yield put(passwordResetFailed(failureBody(error)));
  }
}

export function* authSaga() {
  yield takeLeading(loginSubmitted.type, login);
  yield takeLeading(registrationSubmitted.type, register);
  yield takeLeading(verificationResendSubmitted.type, resend);
  yield takeLeading(forgotPasswordSubmitted.type, forgot);
  yield takeLeading(passwordResetSubmitted.type, reset);
  yield call(verifyEmailOnce);
}
