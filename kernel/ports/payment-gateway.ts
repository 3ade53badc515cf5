/**
 * PaymentGateway port: the Webpay Plus flow. `create` opens a transaction and answers the token and the
 * URL where the buyer's browser posts `token_ws`; the buyer pays (or not) at the gateway and comes back to
 * `returnUrl`; `commit` then asks the gateway for the outcome. Adapters: `sandbox` (local pages with the
 * same flow, the default) and `webpay` (transbank-sdk against Transbank's environments).
 */
export interface PaymentCreation {
  /** At most 26 characters. */
  readonly buyOrder: string;
  /** At most 61 characters. */
  readonly sessionId: string;
  /** Whole CLP. */
  readonly amount: number;
  readonly returnUrl: string;
}

export interface CreatedPayment {
  readonly token: string;
  readonly url: string;
}

/** Webpay Plus commit answer, in our names. Approved only when status is AUTHORIZED and responseCode 0. */
export interface CommittedPayment {
  readonly status: 'INITIALIZED' | 'AUTHORIZED' | 'REVERSED' | 'FAILED' | 'NULLIFIED' | 'PARTIALLY_NULLIFIED' | 'CAPTURED' | string;
  readonly responseCode: number | null;
  readonly authorizationCode: string | null;
  readonly buyOrder: string;
  readonly sessionId: string;
  readonly amount: number;
  readonly cardLast4: string | null;
  readonly paymentTypeCode: string | null;
  readonly installments: number | null;
  readonly transactionDate: string | null;
  readonly vci: string | null;
}

export interface RefundedPayment {
  /** REVERSED (same day, whole amount) or NULLIFIED. */
  readonly type: string;
  readonly responseCode: number | null;
  readonly authorizationCode: string | null;
  readonly nullifiedAmount: number | null;
}

export interface PaymentGateway {
  readonly name: string;
  create(payment: PaymentCreation): Promise<CreatedPayment>;
  commit(token: string): Promise<CommittedPayment>;
  refund(token: string, amount: number): Promise<RefundedPayment>;
}

export const isApproved = (commit: CommittedPayment): boolean => commit.status === 'AUTHORIZED' && commit.responseCode === 0;
