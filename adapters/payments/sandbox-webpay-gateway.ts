import { randomBytes, randomInt } from 'node:crypto';
import type { CommittedPayment, CreatedPayment, PaymentCreation, PaymentGateway, RefundedPayment } from '../../kernel/ports/payment-gateway';
import type { ReadStore } from '../../kernel/ports/read-store';

export const SANDBOX_PATH = '/api/v1/payments/sandbox';

/** The sandbox bank's own ledger (not a read model: it plays an outside party that keeps its own records). */
const TRANSACTIONS = '_sandbox_webpay_transactions';

export type SandboxDecision = 'approve' | 'reject' | 'abort';

export interface SandboxTransaction {
  _id: string;
  [key: string]: unknown;
  buyOrder: string;
  sessionId: string;
  amount: number;
  returnUrl: string;
  status: 'INITIALIZED' | 'AUTHORIZED' | 'FAILED' | 'ABORTED' | 'REVERSED';
  responseCode: number | null;
  authorizationCode: string | null;
  cardLast4: string | null;
  transactionDate: string | null;
  createdAt: string;
}

const TOKEN = /^[0-9a-f]{64}$/;

/**
 * A local stand-in for Webpay Plus with the same flow: create answers a token and the URL of a local page
 * (served by this app) where the buyer approves, rejects or aborts; the page sends the browser back to the
 * return URL with `token_ws` (or `TBK_TOKEN` on abort), and commit answers what the buyer chose.
 */
export class SandboxWebpayGateway implements PaymentGateway {
  readonly name = 'sandbox';

  constructor(private readonly store: ReadStore) {}

  async create(payment: PaymentCreation): Promise<CreatedPayment> {
    if (payment.buyOrder.length > 26 || payment.sessionId.length > 61 || payment.returnUrl.length > 255) throw new Error('Webpay field too long');
    if (!Number.isInteger(payment.amount) || payment.amount <= 0) throw new Error('Webpay amount must be a positive integer');
    const token = randomBytes(32).toString('hex');
    await this.transactions().insertOne({
      _id: token,
      ...payment,
      status: 'INITIALIZED',
      responseCode: null,
      authorizationCode: null,
      cardLast4: null,
      transactionDate: null,
      createdAt: new Date().toISOString(),
    });
    // A path, not an absolute URL: the sandbox lives on whatever host serves the app.
    return { token, url: `${SANDBOX_PATH}/pay` };
  }

  async commit(token: string): Promise<CommittedPayment> {
    const tx = await this.find(token);
    if (!tx) throw new Error('Transaction not found');
    if (tx.status === 'INITIALIZED') throw new Error('Invalid status for transaction while authorizing');
    return {
      status: tx.status === 'ABORTED' ? 'FAILED' : tx.status,
      responseCode: tx.responseCode,
      authorizationCode: tx.authorizationCode,
      buyOrder: tx.buyOrder,
      sessionId: tx.sessionId,
      amount: tx.amount,
      cardLast4: tx.cardLast4,
      paymentTypeCode: tx.status === 'FAILED' ? null : 'VD',
      installments: 0,
      transactionDate: tx.transactionDate,
      vci: tx.status === 'AUTHORIZED' ? 'TSY' : null,
    };
  }

  async refund(token: string, amount: number): Promise<RefundedPayment> {
    const tx = await this.find(token);
    if (!tx || (tx.status !== 'AUTHORIZED' && tx.status !== 'REVERSED')) throw new Error('Transaction cannot be refunded');
    if (amount !== tx.amount) throw new Error('The sandbox only reverses whole amounts');
    await this.transactions().updateOne({ _id: token }, { $set: { status: 'REVERSED' } });
    return { type: 'REVERSED', responseCode: 0, authorizationCode: tx.authorizationCode, nullifiedAmount: amount };
  }

  async find(token: string): Promise<SandboxTransaction | null> {
    return TOKEN.test(token) ? this.transactions().findOne({ _id: token }) : null;
  }

  /**
   * The buyer's choice on the payment page, made once; answers where the browser goes next: the return URL
   * with `token_ws`, or with `TBK_TOKEN`, order and session when the buyer aborted (Webpay's conventions).
   */
  async decide(token: string, decision: SandboxDecision): Promise<string | null> {
    const tx = await this.find(token);
    if (!tx) return null;
    if (tx.status === 'INITIALIZED') {
      const approved = decision === 'approve';
      const set = {
        status: approved ? 'AUTHORIZED' : decision === 'reject' ? 'FAILED' : 'ABORTED',
        responseCode: approved ? 0 : decision === 'reject' ? -1 : null,
        authorizationCode: approved ? String(randomInt(100000, 999999)) : null,
        cardLast4: decision === 'abort' ? null : '6623',
        transactionDate: new Date().toISOString(),
      };
      await this.transactions().updateOne({ _id: token, status: 'INITIALIZED' }, { $set: set });
      Object.assign(tx, set);
    }
    // The sandbox runs inside the merchant's own app: it returns to the same host, whatever PUBLIC_URL says.
    const back = new URL(tx.returnUrl, 'http://localhost');
    const query =
      tx.status === 'ABORTED'
        ? new URLSearchParams({ TBK_TOKEN: token, TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId })
        : new URLSearchParams({ token_ws: token });
    return `${back.pathname}?${query.toString()}`;
  }

  private transactions() {
    return this.store.collection<SandboxTransaction>(TRANSACTIONS);
  }
}
