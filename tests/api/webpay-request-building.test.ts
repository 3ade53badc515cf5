import fs from 'node:fs';
import axios, { type AxiosRequestConfig } from 'axios';
import { WebpayPlusGateway } from '../../adapters/payments/webpay-plus-gateway';
import { loadConfig } from '../../adapters/config';
import { tempDir } from '../support/test-app';

/**
 * The `webpay` adapter on transbank-sdk, for Transbank's integration environment. That environment is not
 * reachable from here, so the SDK's HTTP client (axios) is given an adapter that records the requests the
 * SDK builds and answers like Webpay does: no network.
 */
describe('Webpay Plus adapter (transbank-sdk): the requests it builds', () => {
  const sent: AxiosRequestConfig[] = [];
  let answer: unknown = {};
  const original = axios.defaults.adapter;
  beforeAll(() => {
    axios.defaults.adapter = async (config) => {
      sent.push(config);
      return { data: answer, status: 200, statusText: 'OK', headers: {}, config };
    };
  });
  afterAll(() => {
    axios.defaults.adapter = original;
  });
  beforeEach(() => {
    sent.length = 0;
  });

  const gateway = new WebpayPlusGateway({ environment: 'integration' });
  const header = (config: AxiosRequestConfig, name: string) => (config.headers as Record<string, string>)[name];

  it('create: POST /transactions on the integration host, commerce code and key headers, Webpay field names', async () => {
    answer = {
      token: 'e9d555262db0f989e49d724b4db0b0af367cc415cde41f500a776550fc5fddd3',
      url: 'https://webpay3gint.transbank.cl/webpayserver/initTransaction',
    };
    const created = await gateway.create({
      buyOrder: 'R8f14e45fceea467fa0e63f1c9',
      sessionId: 'b1',
      amount: 500_000,
      returnUrl: 'https://vivienda.cl/api/v1/reservations/r1/payment/return',
    });
    expect(created).toEqual(answer);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request.method?.toUpperCase()).toBe('POST');
    expect(request.url).toBe('https://webpay3gint.transbank.cl/rswebpaytransaction/api/webpay/v1.2/transactions');
    expect(header(request, 'Tbk-Api-Key-Id')).toBe('597055555532');
    expect(header(request, 'Tbk-Api-Key-Secret')).toBe('579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C');
    expect(JSON.parse(String(request.data))).toEqual({
      buy_order: 'R8f14e45fceea467fa0e63f1c9',
      session_id: 'b1',
      amount: 500_000,
      return_url: 'https://vivienda.cl/api/v1/reservations/r1/payment/return',
    });
  });

  it('commit: PUT /transactions/<token>, and the answer mapped (approved only when AUTHORIZED and response code 0)', async () => {
    answer = {
      vci: 'TSY',
      amount: 500_000,
      status: 'AUTHORIZED',
      buy_order: 'R1',
      session_id: 'b1',
      card_detail: { card_number: '6623' },
      accounting_date: '1122',
      transaction_date: '2026-11-22T15:00:00.000Z',
      authorization_code: '1213',
      payment_type_code: 'VN',
      response_code: 0,
      installments_number: 0,
    };
    const token = 'e9d555262db0f989e49d724b4db0b0af367cc415cde41f500a776550fc5fddd3';
    const commit = await gateway.commit(token);
    expect(sent[0].method?.toUpperCase()).toBe('PUT');
    expect(sent[0].url).toBe(`https://webpay3gint.transbank.cl/rswebpaytransaction/api/webpay/v1.2/transactions/${token}`);
    expect(commit).toEqual({
      status: 'AUTHORIZED',
      responseCode: 0,
      authorizationCode: '1213',
      buyOrder: 'R1',
      sessionId: 'b1',
      amount: 500_000,
      cardLast4: '6623',
      paymentTypeCode: 'VN',
      installments: 0,
      transactionDate: '2026-11-22T15:00:00.000Z',
      vci: 'TSY',
    });
  });

  it('refund: POST /transactions/<token>/refunds with the amount', async () => {
    answer = { type: 'REVERSED' };
    const refund = await gateway.refund('e9d555262db0f989e49d724b4db0b0af367cc415cde41f500a776550fc5fddd3', 500_000);
    expect(sent[0].url).toMatch(/\/transactions\/e9d5[0-9a-f]+\/refunds$/);
    expect(JSON.parse(String(sent[0].data))).toEqual({ amount: 500_000 });
    expect(refund).toEqual({ type: 'REVERSED', responseCode: null, authorizationCode: null, nullifiedAmount: null });
  });

  it("refuses fields longer than Webpay's limits before any request", async () => {
    await expect(gateway.create({ buyOrder: 'x'.repeat(27), sessionId: 'b1', amount: 1000, returnUrl: 'https://x' })).rejects.toThrow();
    expect(sent).toHaveLength(0);
  });

  it('production needs its own commerce code and key; PAYMENT_GATEWAY picks the adapter', () => {
    expect(() => new WebpayPlusGateway({ environment: 'production' })).toThrow(/WEBPAY_COMMERCE_CODE/);
    const dir = tempDir('webpay-config');
    expect(loadConfig({ DATA_DIR: dir, PAYMENT_GATEWAY: 'webpay' }).payments).toEqual({
      gateway: 'webpay',
      webpay: { environment: 'integration', commerceCode: undefined, apiKey: undefined },
    });
    expect(loadConfig({ DATA_DIR: dir }).payments.gateway).toBe('sandbox');
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
