import type { z } from 'zod';
import type { cookieLoginBody, registerBody } from '../../../../../contract/auth';
import type { ApiPort } from '../../../shared/api/port';
import type { LoginResponseDto } from '../../../shared/auth/session-types';

/** Account endpoints of the API contract; their 401s are answers, so none triggers a session refresh. */
export type LoginPayload = z.input<typeof cookieLoginBody>;
/** The sign-up form sends its role as chosen; the server's registerBody checks it is one offered. */
export type RegistrationPayload = Omit<z.input<typeof registerBody>, 'role'> & { readonly role: string };

export interface MessageAnswer {
  readonly success?: boolean;
  readonly message?: string;
}

const post = async <T>(api: ApiPort, path: string, body: unknown): Promise<T> =>
  (await api.request<T>({ method: 'POST', path, body, skipSessionRefresh: true })).data;

export const login = (api: ApiPort, payload: LoginPayload) => post<LoginResponseDto>(api, '/auth/cookie/login', payload);

export const register = (api: ApiPort, payload: RegistrationPayload) => post<MessageAnswer & { data?: { userId?: string } }>(api, '/auth/register', payload);

export const verifyEmail = (api: ApiPort, token: string) => post<MessageAnswer>(api, '/auth/verify-email', { token });

export const resendVerification = (api: ApiPort, email: string) => post<MessageAnswer>(api, '/auth/resend-verification', { email });

export const forgotPassword = (api: ApiPort, email: string) => post<MessageAnswer>(api, '/auth/forgot-password', { email });

export const resetPassword = (api: ApiPort, payload: { token: string; password: string; passwordConfirmation: string }) =>
  post<MessageAnswer>(api, '/auth/reset-password', payload);
