import { endpoint } from '../endpoint';
import { emailBody, messageResponse, registerBody, registeredResponse, resetPasswordBody, tokenBody } from '../auth';

/** The endpoints served by adapters/http/routes/account.routes.ts. */
export const accountEndpoints = {
  postAuthRegister: endpoint({ method: 'post', path: '/auth/register', body: registerBody, response: registeredResponse }),
  postAuthVerifyEmail: endpoint({ method: 'post', path: '/auth/verify-email', body: tokenBody, response: messageResponse }),
  postAuthResendVerification: endpoint({ method: 'post', path: '/auth/resend-verification', body: emailBody, response: messageResponse }),
  postAuthForgotPassword: endpoint({ method: 'post', path: '/auth/forgot-password', body: emailBody, response: messageResponse }),
  postAuthResetPassword: endpoint({ method: 'post', path: '/auth/reset-password', body: resetPasswordBody, response: messageResponse }),
};
