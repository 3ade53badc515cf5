import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import { resolve } from '../../kernel/ports/token';
import { RESERVATIONS } from '../../application/reservations/reservations.tokens';
import type { ReadStore } from '../../kernel/ports/read-store';
import { RESERVATIONS as RESERVATION_DOCS, type ReservationDoc } from '../../read-models/reservations/reservations.projection';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { createBuyers, form, locationOf, payAtSandbox, readModelsCaughtUp, signedIn } from '../support/buyers';

let app: TestApp;
let store: EventStore;
let buyers: ApiClient[];
let freeUnits: { id: string; unitNumber: string }[];

beforeAll(async () => {
  app = await startTestApp();
  store = app.platform.container.get<EventStore>(TOKENS.EventStore);
  const emails = await createBuyers(app, 50);
  buyers = await Promise.all(emails.map((email) => signedIn(app, email)));
  await readModelsCaughtUp(app);
  freeUnits = (await app.client().get('/api/v1/projects/mirador-providencia/units?available=true')).body.items;
}, 60_000);
afterAll(() => app.stop());

const unitEvents = async (unitId: string) => (await store.readStream(`unit-${unitId}`)).map((e) => e.type);
const reservationEvents = async (id: string) => (await store.readStream(`reservation-${id}`)).map((e) => e.type);
describe('strict consistency: one buyer per unit', () => {
  it('50 concurrent reservations of one unit from 50 buyers: exactly one 201, 49 × 409 with the spec message; one hold on the stream; the read model agrees', async () => {
    const unit = freeUnits[0];
    const answers = await Promise.all(buyers.map((b) => b.post('/api/v1/reservations', { unitId: unit.id })));
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    expect(won[0].body).toMatchObject({
      reservationId: expect.any(String),
      status: 'payment_started',
      amountCLP: 500_000,
      payment: { gateway: 'sandbox', url: '/api/v1/payments/sandbox/pay', token: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    for (const answer of lost)
      expect(answer.body).toEqual({
        code: 'UNIT_ALREADY_RESERVED',
        message: 'Esta unidad ya fue reservada por otro cliente.',
        severity: 'error',
        fieldErrors: [],
        actions: ['Explorar otras unidades', 'Configurar alertas', 'Contactar a ventas'],
      });

    const stream = await unitEvents(unit.id);
    expect(stream.filter((t) => t === 'UnitHeldForReservation')).toHaveLength(1);

    await readModelsCaughtUp(app);
    const rows = (await store.readAll({ fromPosition: 0, limit: 1_000_000 })).filter((e) => e.type === 'ReservationRequested' && e.data.unitId === unit.id);
    expect(rows).toHaveLength(50);
    const readModel = await app.platform.container.get<ReadStore>(TOKENS.ReadStore).collection<ReservationDoc>(RESERVATION_DOCS).find({ unitId: unit.id });
    expect(readModel.filter((r) => r.status === 'payment_started').map((r) => r._id)).toEqual([won[0].body.reservationId]);
    expect(readModel.filter((r) => r.status === 'rejected')).toHaveLength(49);
    const winner = buyers[answers.indexOf(won[0])];
    expect((await winner.get('/api/v1/reservations/mine')).body.items[0]).toMatchObject({
      id: won[0].body.reservationId,
      status: 'payment_started',
      unitId: unit.id,
    });
    // A loser was told 409 there and then: the refused attempt is not listed among their reservations.
    const loser = buyers[answers.indexOf(lost[0])];
    expect((await loser.get('/api/v1/reservations/mine')).body.items.filter((r: { unitId: string }) => r.unitId === unit.id)).toEqual([]);
    const row = (await app.client().get(`/api/v1/units/${unit.id}`)).body;
    expect(row).toMatchObject({ commercialStatus: 'in_process', available: false });
    // The winner gives the hold up: each buyer may have one active reservation, and the journeys below reuse them.
    expect((await winner.post(`/api/v1/reservations/${won[0].body.reservationId}/cancel`, {})).status).toBe(200);
  });
});

describe('payment through the sandbox Webpay Plus flow', () => {
  it('approved: the unit is reserved, the result page says confirmed, the receipt arrives; another buyer then sees it reserved', async () => {
    const unit = freeUnits[1];
    const buyer = buyers[0];
    const started = await buyer.post('/api/v1/reservations', { unitId: unit.id });
    expect(started.status).toBe(201);
    const id = started.body.reservationId;
    const { result } = await payAtSandbox(buyer, started.body.payment, 'approve');
    expect(result).toBe(`/payment/result?reservationId=${id}&status=confirmed`);
    expect(await unitEvents(unit.id)).toEqual(['UnitAdded', 'UnitHeldForReservation', 'UnitReserved']);
    expect((await reservationEvents(id)).slice(0, 5)).toEqual([
      'ReservationRequested',
      'ReservationUnitHeld',
      'ReservationPaymentStarted',
      'ReservationPaymentConfirmed',
      'ReservationConfirmed',
    ]);

    const mail = await app.mail.waitFor((m) => m.subject.startsWith('Reserva confirmada') && m.text.includes(`unidad ${unit.unitNumber} `));
    expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    await readModelsCaughtUp(app);
    // Sent once, and recorded, so that a replay of the events never sends it again.
    expect((await reservationEvents(id)).slice(5)).toEqual(['ReservationReceiptSent']);

    const mine = (await buyer.get(`/api/v1/reservations/${id}`)).body;
    expect(mine).toMatchObject({
      status: 'confirmed',
      payment: {
        gateway: 'sandbox',
        gatewayStatus: 'AUTHORIZED',
        responseCode: 0,
        authorizationCode: expect.any(String),
        cardLast4: '6623',
        outcome: 'confirmed',
      },
    });
    expect(mine.history.map((h: { type: string }) => h.type)).toContain('ReservationPaymentConfirmed');
    const receipt = await fetch(`${app.url}/api/v1/reservations/${id}/receipt`, { headers: { cookie: `sid=${buyer.cookie('sid')}` } });
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    const docs = (await buyer.get('/api/v1/documents/mine')).body.items;
    expect(docs).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'reservation_receipt', id })]));

    const other = buyers[1];
    expect((await other.get(`/api/v1/units/${unit.id}`)).body).toMatchObject({ commercialStatus: 'reserved', reserved: true });
    expect((await other.post('/api/v1/reservations', { unitId: unit.id })).body.code).toBe('UNIT_ALREADY_RESERVED');
    expect((await other.get(`/api/v1/reservations/${id}`)).status).toBe(404);
  });

  it('a duplicated payment callback (GET again, form POST again) changes nothing', async () => {
    const unit = freeUnits[2];
    const buyer = buyers[2];
    const started = await buyer.post('/api/v1/reservations', { unitId: unit.id });
    const { returnPath, result } = await payAtSandbox(buyer, started.body.payment, 'approve');
    expect(result).toContain('status=confirmed');
    await readModelsCaughtUp(app);
    const headBefore = await store.headPosition();
    const unitBefore = await unitEvents(unit.id);
    const reservationBefore = await reservationEvents(started.body.reservationId);
    const again = await app.client().raw('GET', returnPath);
    expect(locationOf(again)).toBe(result);
    const token = new URL(returnPath, 'http://x').searchParams.get('token_ws')!;
    const posted = await form(app.client(), returnPath.split('?')[0], { token_ws: token });
    expect(locationOf(posted)).toBe(result);
    const concurrent = await Promise.all([1, 2, 3].map(() => app.client().raw('GET', returnPath)));
    expect(concurrent.map(locationOf)).toEqual([result, result, result]);
    expect(await unitEvents(unit.id)).toEqual(unitBefore);
    expect(await reservationEvents(started.body.reservationId)).toEqual(reservationBefore);
    // Nothing else was written either, but what the platform writes on its own meanwhile: the receipt's
    // delivery (mail outbox) and page views counted in the background.
    const since = await store.readAll({ fromPosition: headBefore, limit: 1000 });
    expect(since.map((e) => e.streamId).filter((s) => !/^(mail|pageviews)-/.test(s))).toEqual([]);
  });

  it('rejected by the bank: the result page says failed, the unit is released at once and another buyer can reserve it', async () => {
    const unit = freeUnits[3];
    const started = await buyers[3].post('/api/v1/reservations', { unitId: unit.id });
    const { result } = await payAtSandbox(buyers[3], started.body.payment, 'reject');
    expect(result).toBe(`/payment/result?reservationId=${started.body.reservationId}&status=failed`);
    expect(await reservationEvents(started.body.reservationId)).toEqual([
      'ReservationRequested',
      'ReservationUnitHeld',
      'ReservationPaymentStarted',
      'ReservationPaymentFailed',
      'ReservationReleased',
    ]);
    expect(await unitEvents(unit.id)).toEqual(['UnitAdded', 'UnitHeldForReservation', 'UnitHoldReleased']);
    const next = await buyers[4].post('/api/v1/reservations', { unitId: unit.id });
    expect(next.status).toBe(201);
    const failed = (await store.readStream(`reservation-${started.body.reservationId}`)).find((e) => e.type === 'ReservationPaymentFailed')!;
    expect(failed.data).toMatchObject({ gatewayStatus: 'FAILED', responseCode: -1, failure: 'rejected', token: started.body.payment.token });
  });

  it('voided by the buyer at the gateway (TBK_TOKEN): not a failure, the reservation is cancelled by the buyer and the unit released', async () => {
    const unit = freeUnits[4];
    const started = await buyers[5].post('/api/v1/reservations', { unitId: unit.id });
    const { returnPath, result } = await payAtSandbox(buyers[5], started.body.payment, 'abort');
    expect(returnPath).toContain('TBK_TOKEN=');
    expect(returnPath).toContain('TBK_ORDEN_COMPRA=');
    expect(result).toBe(`/payment/result?reservationId=${started.body.reservationId}&status=cancelled`);
    expect(await reservationEvents(started.body.reservationId)).toEqual([
      'ReservationRequested',
      'ReservationUnitHeld',
      'ReservationPaymentStarted',
      'ReservationPaymentFailed',
      'ReservationCancelled',
    ]);
    const cancelled = (await store.readStream(`reservation-${started.body.reservationId}`)).at(-1)!;
    expect(cancelled.data).toMatchObject({ reason: 'buyer', cancelledBy: (await buyers[5].get('/api/v1/auth/cookie/profile')).body.id });
    expect((await unitEvents(unit.id)).at(-1)).toBe('UnitHoldReleased');
    await readModelsCaughtUp(app);
    expect((await buyers[5].get(`/api/v1/reservations/${started.body.reservationId}`)).body).toMatchObject({ status: 'cancelled', refundDue: false });
  });

  it('the terms the buyer confirms before paying: the unit, its price in UF and CLP, the amount charged now and the hold time', async () => {
    const unit = freeUnits[8];
    const terms = await buyers[10].get(`/api/v1/reservations/terms?unitId=${unit.id}`);
    expect(terms.status).toBe(200);
    const uf = (await app.client().get('/api/v1/uf')).body;
    expect(terms.body).toMatchObject({
      unitId: unit.id,
      projectId: 'mirador-providencia',
      unitNumber: unit.unitNumber,
      pricing: 'normal',
      amountCLP: 500_000,
      holdMinutes: 15,
      uf: { value: uf.value, date: uf.date },
    });
    expect(terms.body.priceCLP).toBe(Math.round(terms.body.priceUF * uf.value));
    // Asking changes nothing: the unit is not held until the buyer confirms.
    expect((await unitEvents(unit.id)).at(-1)).toBe('UnitAdded');
    expect((await app.client().get(`/api/v1/reservations/terms?unitId=${unit.id}`)).status).toBe(401);
    expect((await buyers[10].get('/api/v1/reservations/terms?unitId=nope')).status).toBe(404);
  });

  it("another reservation's token is refused and changes nothing", async () => {
    const unit = freeUnits[5];
    const started = await buyers[6].post('/api/v1/reservations', { unitId: unit.id });
    await app.settled(); // the reservation's own follow-ups (lead activity, notifications) are not the forgery's
    const before = await store.headPosition();
    const forged = await app.client().raw('GET', `/api/v1/reservations/${started.body.reservationId}/payment/return?token_ws=${'0'.repeat(64)}`);
    expect(locationOf(forged)).toBe(`/payment/result?reservationId=${started.body.reservationId}&status=failed&code=BUSINESS_RULE_VIOLATION`);
    await app.settled(); // nor anything appended in turn afterwards
    expect(await store.headPosition()).toBe(before);
  });

  it('the buyer cancels an unpaid reservation: the unit is released', async () => {
    const unit = freeUnits[6];
    const started = await buyers[7].post('/api/v1/reservations', { unitId: unit.id });
    expect((await buyers[8].post(`/api/v1/reservations/${started.body.reservationId}/cancel`, {})).status).toBe(404);
    const cancelled = await buyers[7].post(`/api/v1/reservations/${started.body.reservationId}/cancel`, {});
    expect(cancelled.body).toEqual({ reservationId: started.body.reservationId, status: 'cancelled' });
    expect((await unitEvents(unit.id)).at(-1)).toBe('UnitHoldReleased');
  });
});

describe('hold expiry', () => {
  it('an unpaid hold expires after the configured time and releases the unit; a payment arriving later is refunded and takes nothing', async () => {
    const unit = freeUnits[7];
    const late = buyers[9];
    const started = await late.post('/api/v1/reservations', { unitId: unit.id });
    const id = started.body.reservationId;
    expect(Date.parse(started.body.holdExpiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    await readModelsCaughtUp(app);
    const expiry = resolve(app.platform.container, RESERVATIONS.HoldExpiry);

    expect((await expiry.sweep(new Date())).expired).not.toContain(id); // not due yet
    const swept = await expiry.sweep(new Date(Date.now() + 16 * 60_000));
    expect(swept.expired).toContain(id);
    expect(await unitEvents(unit.id)).toEqual(['UnitAdded', 'UnitHeldForReservation', 'UnitHoldReleased']);
    expect((await store.readStream(`unit-${unit.id}`)).at(-1)!.data).toMatchObject({ reservationId: id, reason: 'expired' });
    await readModelsCaughtUp(app);
    expect((await expiry.sweep(new Date(Date.now() + 60 * 60_000))).expired).not.toContain(id); // idempotent

    const next = await buyers[10].post('/api/v1/reservations', { unitId: unit.id });
    expect(next.status).toBe(201);

    // The first buyer had the payment page still open and pays now.
    const { result } = await payAtSandbox(late, started.body.payment, 'approve');
    expect(result).toBe(`/payment/result?reservationId=${id}&status=failed`);
    expect(await reservationEvents(id)).toEqual([
      'ReservationRequested',
      'ReservationUnitHeld',
      'ReservationPaymentStarted',
      'ReservationExpired',
      'ReservationPaymentConfirmed',
      'ReservationRefundRecorded',
    ]);
    const refund = (await store.readStream(`reservation-${id}`)).at(-1)!;
    expect(refund.data).toMatchObject({ refundType: 'REVERSED', amountCLP: 500_000, token: started.body.payment.token });
    expect((await store.readStream(`unit-${unit.id}`)).at(-1)!.data).toMatchObject({ reservationId: next.body.reservationId });
  });

  it('the expiry timer is configurable (RESERVATION_HOLD_MINUTES)', async () => {
    const short = await startTestApp({ RESERVATION_HOLD_MINUTES: '1', DEMO_CATALOGUE: 'on' });
    try {
      await readModelsCaughtUp(short);
      const [email] = await createBuyers(short, 1);
      const buyer = await signedIn(short, email);
      const unit = (await short.client().get('/api/v1/projects/faro-la-serena/units?available=true')).body.items[0];
      const started = await buyer.post('/api/v1/reservations', { unitId: unit.id });
      expect(Date.parse(started.body.holdExpiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
      await readModelsCaughtUp(short);
      const swept = await resolve(short.platform.container, RESERVATIONS.HoldExpiry).sweep(new Date(Date.now() + 61_000));
      expect(swept.expired).toEqual([started.body.reservationId]);
    } finally {
      await short.stop();
    }
  });
});
