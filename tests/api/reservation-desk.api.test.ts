import type { EventStore } from '../../kernel/ports/event-store';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { RESERVATIONS } from '../../application/reservations/reservations.tokens';
import type { SandboxWebpayGateway } from '../../adapters/payments/sandbox-webpay-gateway';
import { at, type ApiClient } from '../support/api-client';
import { createBuyers, payAtSandbox, readModelsCaughtUp, signedIn } from '../support/buyers';
import { startTestApp, type TestApp } from '../support/test-app';

/** Staff act on a buyer's reservation from the back office: cancel, refund through the gateway, extend the hold. */
let app: TestApp;
let store: EventStore;
let admin: ApiClient;
let auditor: ApiClient;
let buyers: ApiClient[];
let freeUnits: { id: string; unitNumber: string }[];

beforeAll(async () => {
  app = await startTestApp();
  store = app.platform.container.get<EventStore>(TOKENS.EventStore);
  admin = await app.signedIn('admin@demo.cl');
  auditor = await app.signedIn('auditor@demo.cl');
  buyers = await Promise.all((await createBuyers(app, 3)).map((email) => signedIn(app, email)));
  await readModelsCaughtUp(app);
  freeUnits = (await app.client().get('/api/v1/projects/mirador-providencia/units?available=true')).body.items;
}, 60_000);
afterAll(() => app.stop());

const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);
const history = async (reservationId: string, position: string | null) =>
  (await admin.get(`/api/v1/history/reservation/${reservationId}`, { 'x-min-position': position ?? '0' })).body.items as {
    event: string;
    actor: { name: string } | null;
    reason: string | null;
    changes: { field: string; before: unknown; after: unknown }[];
  }[];

const paidReservation = async (buyer: ApiClient, unitId: string) => {
  const started = await buyer.post('/api/v1/reservations', { unitId });
  expect(started.status).toBe(201);
  const { result } = await payAtSandbox(buyer, started.body.payment, 'approve');
  expect(result).toContain('status=confirmed');
  return started.body as { reservationId: string; payment: { token: string } };
};

describe("staff act on a buyer's reservation", () => {
  it('cancel a confirmed reservation with a reason: the unit is free again, the payment stays owed until staff refund it through the gateway, once', async () => {
    const unit = freeUnits[0];
    const paid = await paidReservation(buyers[0], unit.id);
    expect((await types(`unit-${unit.id}`)).at(-1)).toBe('UnitReserved');

    const bad = await admin.post(`/api/v1/backoffice/reservations/${paid.reservationId}/cancel`, { reason: '' });
    expect([bad.status, bad.body.code, bad.body.fieldErrors[0]?.field]).toEqual([400, 'VALIDATION_FAILED', 'reason']);
    expect((await auditor.post(`/api/v1/backoffice/reservations/${paid.reservationId}/cancel`, { reason: 'El banco rechazó el crédito' })).status).toBe(403);

    const cancelled = await admin.post(`/api/v1/backoffice/reservations/${paid.reservationId}/cancel`, { reason: 'El banco rechazó el crédito hipotecario' });
    expect([cancelled.status, cancelled.body]).toEqual([200, { reservationId: paid.reservationId, status: 'cancelled' }]);
    expect((await types(`unit-${unit.id}`)).at(-1)).toBe('UnitHoldReleased');
    // Not refunded on its own: staff decide.
    await app.settled();
    expect(await types(`reservation-${paid.reservationId}`)).not.toContain('ReservationRefundRecorded');
    const shown = await admin.get(`/api/v1/backoffice/reservations/${paid.reservationId}`, at(cancelled));
    expect(shown.body).toMatchObject({ status: 'cancelled', refundDue: true, refunded: false });
    const again = await admin.post(`/api/v1/backoffice/reservations/${paid.reservationId}/cancel`, { reason: 'Otra vez' });
    expect([again.status, again.body.code]).toEqual([409, 'RESERVATION_NOT_CANCELLABLE']);

    const refunded = await admin.post(`/api/v1/backoffice/reservations/${paid.reservationId}/refund`, { reason: 'Crédito rechazado: se devuelve la reserva' });
    expect([refunded.status, refunded.body]).toEqual([200, { reservationId: paid.reservationId, refunded: true }]);
    const sandbox = resolve(app.platform.container, TOKENS.PaymentGateway) as SandboxWebpayGateway;
    expect((await sandbox.find(paid.payment.token))?.status).toBe('REVERSED');
    const twice = await admin.post(`/api/v1/backoffice/reservations/${paid.reservationId}/refund`, { reason: 'De nuevo' });
    expect([twice.status, twice.body.code]).toEqual([409, 'REFUND_NOT_DUE']);
    expect((await admin.get(`/api/v1/backoffice/reservations/${paid.reservationId}`, at(refunded))).body).toMatchObject({ refundDue: false, refunded: true });

    // Each action in the Historial with who did it and why.
    const items = await history(paid.reservationId, refunded.headers.get('x-event-position'));
    const cancelRow = items.find((i) => i.event === 'Reserva cancelada')!;
    expect(cancelRow).toMatchObject({
      actor: { name: expect.stringMatching(/\S/) },
      reason: 'Cancelada por el equipo comercial: El banco rechazó el crédito hipotecario',
    });
    expect(cancelRow.actor).not.toBeNull();
    const refundRow = items.find((i) => i.event === 'Reembolso registrado')!;
    expect(refundRow).toMatchObject({ reason: 'Crédito rechazado: se devuelve la reserva' });
    expect(refundRow.actor).toEqual(cancelRow.actor);
  });

  it('extend an unpaid hold with a reason: the expiry moves, the timer respects it, and the Historial shows before and after', async () => {
    const unit = freeUnits[1];
    const started = await buyers[1].post('/api/v1/reservations', { unitId: unit.id });
    const before = started.body.holdExpiresAt as string;
    const tooMuch = await admin.post(`/api/v1/backoffice/reservations/${started.body.reservationId}/extend-hold`, { minutes: 100_000, reason: 'Mucho' });
    expect([tooMuch.status, tooMuch.body.fieldErrors[0]?.field]).toEqual([400, 'minutes']);

    const extended = await admin.post(`/api/v1/backoffice/reservations/${started.body.reservationId}/extend-hold`, {
      minutes: 30,
      reason: 'El comprador espera la transferencia del banco',
    });
    expect(extended.status).toBe(200);
    expect(extended.body.holdExpiresAt).toBe(new Date(Date.parse(before) + 30 * 60_000).toISOString());

    // At the hold's original end the timer leaves it alone; past the new one it expires it.
    const expiry = resolve(app.platform.container, RESERVATIONS.HoldExpiry);
    await readModelsCaughtUp(app);
    expect((await expiry.sweep(new Date(Date.parse(before) + 60_000))).expired).not.toContain(started.body.reservationId);
    const items = await history(started.body.reservationId, extended.headers.get('x-event-position'));
    expect(items[0]).toMatchObject({
      event: 'Retención de la unidad extendida',
      reason: 'El comprador espera la transferencia del banco',
      changes: [{ field: 'holdExpiresAt', before, after: extended.body.holdExpiresAt }],
    });
    expect(items[0].actor).not.toBeNull();
    expect((await expiry.sweep(new Date(Date.parse(extended.body.holdExpiresAt) + 60_000))).expired).toContain(started.body.reservationId);

    const late = await admin.post(`/api/v1/backoffice/reservations/${started.body.reservationId}/extend-hold`, { minutes: 30, reason: 'Tarde' });
    expect([late.status, late.body.code]).toEqual([409, 'HOLD_NOT_EXTENDABLE']);
  });

  it('a reservation that is not there is 404 for every action', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`/api/v1/backoffice/reservations/${missing}/cancel`, { reason: 'No existe' })).status).toBe(404);
    expect((await admin.post(`/api/v1/backoffice/reservations/${missing}/extend-hold`, { minutes: 30, reason: 'No existe' })).status).toBe(404);
    expect((await admin.post(`/api/v1/backoffice/reservations/${missing}/refund`, { reason: 'No existe' })).status).toBe(404);
  });
});
