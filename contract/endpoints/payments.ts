import { endpoint } from '../endpoint';
import { z } from 'zod';
import { sandboxDecideBody, sandboxPayBody } from '../reservations';

/** The endpoints served by adapters/http/routes/payments.routes.ts. */
export const paymentsEndpoints = {
  getPaymentsSandboxPay: endpoint({ method: 'get', path: '/payments/sandbox/pay', query: z.strictObject({ token_ws: z.string().min(1).max(100) }) }),
  postPaymentsSandboxPay: endpoint({ method: 'post', path: '/payments/sandbox/pay', body: sandboxPayBody }),
  postPaymentsSandboxDecide: endpoint({ method: 'post', path: '/payments/sandbox/decide', body: sandboxDecideBody }),
};
