import { Environment, IntegrationApiKeys, IntegrationCommerceCodes, Options, WebpayPlus } from 'transbank-sdk';
import type { CommittedPayment, CreatedPayment, PaymentCreation, PaymentGateway, RefundedPayment } from '../../kernel/ports/payment-gateway';

export interface WebpayConfig {
  readonly environment: 'integration' | 'production';
  /** Defaults to Transbank's public integration commerce code and key. */
  readonly commerceCode?: string;
  readonly apiKey?: string;
}

/** Webpay Plus REST answers, as transbank-sdk returns them. */
interface CommitResponse {
  vci?: string;
  amount: number;
  status: string;
  buy_order: string;
  session_id: string;
  card_detail?: { card_number?: string };
  transaction_date?: string;
  authorization_code?: string;
  payment_type_code?: string;
  response_code?: number;
  installments_number?: number;
}

/**
 * Webpay Plus through transbank-sdk (Transbank's integration environment by default). Not reachable from
 * this machine; tests cover the requests it builds, with the SDK's HTTP client intercepted.
 */
export class WebpayPlusGateway implements PaymentGateway {
  readonly name = 'webpay';
  private readonly transaction: InstanceType<typeof WebpayPlus.Transaction>;

  constructor(config: WebpayConfig) {
    const production = config.environment === 'production';
    if (production && (!config.commerceCode || !config.apiKey)) throw new Error('Webpay production needs WEBPAY_COMMERCE_CODE and WEBPAY_API_KEY');
    this.transaction = new WebpayPlus.Transaction(
      new Options(
        config.commerceCode ?? IntegrationCommerceCodes.WEBPAY_PLUS,
        config.apiKey ?? IntegrationApiKeys.WEBPAY,
        production ? Environment.Production : Environment.Integration,
      ),
    );
  }

  async create(payment: PaymentCreation): Promise<CreatedPayment> {
    const response = (await this.transaction.create(payment.buyOrder, payment.sessionId, payment.amount, payment.returnUrl)) as { token: string; url: string };
    return { token: response.token, url: response.url };
  }

  async commit(token: string): Promise<CommittedPayment> {
    const r = (await this.transaction.commit(token)) as CommitResponse;
    return {
      status: r.status,
      responseCode: r.response_code ?? null,
      authorizationCode: r.authorization_code ?? null,
      buyOrder: r.buy_order,
      sessionId: r.session_id,
      amount: r.amount,
      cardLast4: r.card_detail?.card_number ?? null,
      paymentTypeCode: r.payment_type_code ?? null,
      installments: r.installments_number ?? null,
      transactionDate: r.transaction_date ?? null,
      vci: r.vci ?? null,
    };
  }

  async refund(token: string, amount: number): Promise<RefundedPayment> {
    const r = (await this.transaction.refund(token, amount)) as {
      type: string;
      response_code?: number;
      authorization_code?: string;
      nullified_amount?: number;
    };
    return {
      type: r.type,
      responseCode: r.response_code ?? null,
      authorizationCode: r.authorization_code ?? null,
      nullifiedAmount: r.nullified_amount ?? null,
    };
  }
}
