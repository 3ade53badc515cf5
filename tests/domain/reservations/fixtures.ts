import type { PaymentOutcome } from '../../../domain/reservations/reservation';

/** The gateway's answer to an approved payment of 500,000 CLP (Webpay's AUTHORIZED, response code 0). */
export const approvedPayment = (token: string, overrides: Partial<PaymentOutcome> = {}): PaymentOutcome => ({
  token,
  approved: true,
  gatewayStatus: 'AUTHORIZED',
  responseCode: 0,
  authorizationCode: '1',
  cardLast4: '6623',
  paymentTypeCode: 'VD',
  installments: 0,
  transactionDate: null,
  amountCLP: 500_000,
  failure: null,
  ...overrides,
});
