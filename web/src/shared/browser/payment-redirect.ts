/**
 * Webpay Plus sends the buyer to its page with a form POST of `token_ws` to the URL the transaction
 * was created with; the sandbox gateway takes the same post. The browser binding is dom-payment-redirect.ts.
 */
export interface GatewayTarget {
  readonly url: string;
  readonly token: string;
}

export type PaymentRedirect = (target: GatewayTarget) => void;

/** The form the browser submits: method, action and hidden fields. */
export const gatewayForm = (target: GatewayTarget): { method: 'post'; action: string; fields: Record<string, string> } => ({
  method: 'post',
  action: target.url,
  fields: { token_ws: target.token },
});
