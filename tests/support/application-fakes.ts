import type { Clock } from '../../kernel/ports/clock';
import type { CommittedPayment, CreatedPayment, PaymentCreation, PaymentGateway, RefundedPayment } from '../../kernel/ports/payment-gateway';

/** The Clock port under the test's hand: time moves only when the test advances it (no sleeps). */
export class FakeClock implements Clock {
  constructor(public at: Date) {}
  now(): Date {
    return this.at;
  }
  advance(ms: number): Date {
    this.at = new Date(this.at.getTime() + ms);
    return this.at;
  }
  advanceMinutes(minutes: number): Date {
    return this.advance(minutes * 60_000);
  }
}

/**
 * The running test app's clock: real time (the app has timers, tokens and HTTP that expect it to pass) plus
 * however far the test moved it on, so a test skips an hour with `advance` instead of sleeping through it.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}

/**
 * A payment gateway that answers what the test decided: each transaction is approved unless the test
 * rejected it, and a refund fails while `refundsFail` is set. It records every call, so a spec can say
 * how often the outside world was asked.
 */
export class FakePaymentGateway implements PaymentGateway {
  readonly name = 'fake';
  readonly created: PaymentCreation[] = [];
  readonly commits: string[] = [];
  readonly refunds: { token: string; amount: number }[] = [];
  readonly rejected = new Set<string>();
  refundsFail = false;

  async create(payment: PaymentCreation): Promise<CreatedPayment> {
    this.created.push(payment);
    const token = `tok-${this.created.length}`;
    return { token, url: `/fake/pay/${token}` };
  }

  async commit(token: string): Promise<CommittedPayment> {
    this.commits.push(token);
    const index = Number(token.replace('tok-', '')) - 1;
    const payment = this.created[index];
    if (!payment) throw new Error('Transaction not found');
    const approved = !this.rejected.has(token);
    return {
      status: approved ? 'AUTHORIZED' : 'FAILED',
      responseCode: approved ? 0 : -1,
      authorizationCode: approved ? '1213' : null,
      buyOrder: payment.buyOrder,
      sessionId: payment.sessionId,
      amount: payment.amount,
      cardLast4: '6623',
      paymentTypeCode: 'VD',
      installments: 0,
      transactionDate: null,
      vci: 'TSY',
    };
  }

  async refund(token: string, amount: number): Promise<RefundedPayment> {
    if (this.refundsFail) throw new Error('gateway unavailable');
    this.refunds.push({ token, amount });
    return { type: 'NULLIFIED', responseCode: 0, authorizationCode: '1213', nullifiedAmount: amount };
  }
}
