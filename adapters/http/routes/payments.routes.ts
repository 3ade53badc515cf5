import type { Response } from 'express';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef } from '../route';
import { paymentsEndpoints } from '../../../contract/endpoints/payments';
import { sandboxPaymentPage, sandboxUnknownPage } from '../../payments/sandbox-pages';

/**
 * The sandbox gateway's own pages (PAYMENT_GATEWAY=sandbox): where the buyer's browser lands with
 * `token_ws` and approves, rejects or aborts the payment. They stand in for Webpay's pages, so they are
 * public and take form posts without the app's CSRF token.
 */
export const paymentsRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const sandbox = () => {
    if (!deps.sandbox) throw new ApiError('NOT_FOUND');
    return deps.sandbox;
  };
  const showPage = async (token: string, res: Response) => {
    const tx = await sandbox().find(token);
    res
      .status(tx ? 200 : 404)
      .type('html')
      .setHeader('Cache-Control', 'no-store');
    res.send(tx ? sandboxPaymentPage(tx) : sandboxUnknownPage());
  };
  return [
    route(paymentsEndpoints.getPaymentsSandboxPay, {
      summary: 'Sandbox Webpay: the payment page for token_ws (HTML)',
      tag: 'payments',
      access: 'public',
      produces: 'text/html',
      responses: { 404: 'No transaction for this token_ws (a page saying so)' },
      handler: async ({ query, res }) => showPage(query.token_ws, res),
    }),
    route(paymentsEndpoints.postPaymentsSandboxPay, {
      summary: 'Sandbox Webpay: the payment page, reached as Webpay is, by posting token_ws (HTML)',
      tag: 'payments',
      access: 'public',
      produces: 'text/html',
      csrfExempt: true,
      responses: { 404: 'No transaction for this token_ws (a page saying so)' },
      handler: async ({ body, res }) => showPage(body.token_ws, res),
    }),
    route(paymentsEndpoints.postPaymentsSandboxDecide, {
      summary: "Sandbox Webpay: the buyer approves, rejects or aborts; 303 back to the merchant's return URL",
      tag: 'payments',
      access: 'public',
      produces: 'redirect',
      csrfExempt: true,
      responses: {
        303: 'Return URL with token_ws, or TBK_TOKEN, TBK_ORDEN_COMPRA and TBK_ID_SESION on abort',
        404: 'NOT_FOUND: no transaction for this token_ws',
      },
      handler: async ({ body, res }) => {
        const next = await sandbox().decide(body.token_ws, body.decision);
        if (!next) throw new ApiError('NOT_FOUND');
        res.redirect(303, next);
      },
    }),
  ];
};
