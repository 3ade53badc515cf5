import { TOKENS } from '../../kernel/ports/tokens';
import type { ReadSide } from '../../kernel/projections/read-side';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { reservationOwingRefund, reserveAndPay, signedInAs } from './audit-support';
import { readModelsCaughtUp } from '../support/buyers';

let app: TestApp;
let auditor: ApiClient;
let admin: ApiClient;
let company: ApiClient;
let paid: Awaited<ReturnType<typeof reserveAndPay>>;

beforeAll(async () => {
  app = await startTestApp();
  [auditor, admin, company] = await Promise.all(['auditor@demo.cl', 'admin@demo.cl', 'empresa@demo.cl'].map((e) => signedInAs(app, e)));
  paid = await reserveAndPay(app, 'mirador-providencia');
}, 90_000);
afterAll(() => app.stop());

const ledger = (client: ApiClient, query: Record<string, string>) => client.get(`/api/v1/audit/payments?${new URLSearchParams(query).toString()}`);

describe('GET /audit/payments (the payments ledger)', () => {
  it('lists every payment step of a paid reservation, newest first, with the gateway, its reference and codes, and who did it', async () => {
    const res = await ledger(auditor, { reservationId: paid.reservationId });
    expect(res.status).toBe(200);
    expect(res.body.items.map((r: { outcome: string }) => r.outcome)).toEqual(['confirmed', 'approved', 'started']);
    const [confirmed, approved, started] = res.body.items;
    expect(confirmed).toMatchObject({ reservationId: paid.reservationId, event: 'Reserva confirmada', actor: null, amountCLP: 500_000, gateway: 'sandbox' });
    expect(approved).toMatchObject({
      event: 'Pasarela: pago aprobado',
      gatewayCode: 'AUTHORIZED / 0',
      actor: { id: paid.buyerId, name: expect.stringMatching(/^Comprador Número/) },
    });
    expect(approved.gatewayReference).toMatch(/^R[0-9a-f]{25} · autorización \d+$/);
    expect(started).toMatchObject({ event: 'Pago iniciado', outcome: 'started', gatewayReference: expect.stringMatching(/^R[0-9a-f]{25}$/) });
    for (const row of res.body.items)
      expect(Object.keys(row)).toEqual(
        expect.arrayContaining(['reservationId', 'at', 'event', 'outcome', 'amountCLP', 'gateway', 'gatewayReference', 'actor']),
      );
  });

  it('records a rejected payment with the gateway’s codes', async () => {
    const rejected = await reserveAndPay(app, 'mirador-providencia', 'reject');
    const res = await ledger(auditor, { reservationId: rejected.reservationId });
    expect(res.body.items.map((r: { outcome: string }) => r.outcome)).toEqual(['rejected', 'started']);
    expect(res.body.items[0]).toMatchObject({ event: 'Pasarela: pago rechazado', gatewayCode: expect.stringMatching(/^FAILED/) });
  });

  it('filters by buyer, project, dates and outcome, with server pagination', async () => {
    expect((await ledger(auditor, { buyer: paid.email })).body.items.every((r: { reservationId: string }) => r.reservationId === paid.reservationId)).toBe(
      true,
    );
    expect((await ledger(auditor, { buyer: paid.email })).body.total).toBe(3);
    expect((await ledger(auditor, { project: 'mirador', outcome: 'confirmed' })).body.items.map((r: { reservationId: string }) => r.reservationId)).toContain(
      paid.reservationId,
    );
    expect((await ledger(auditor, { project: 'proyecto-que-no-existe' })).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ledger(auditor, { from: today, to: today, reservationId: paid.reservationId })).body.total).toBe(3);
    expect((await ledger(auditor, { to: '2020-01-01', reservationId: paid.reservationId })).body.total).toBe(0);
    const first = await ledger(auditor, { perPage: '2', page: '1' });
    const second = await ledger(auditor, { perPage: '2', page: '2' });
    expect(first.body).toMatchObject({ page: 1, perPage: 2 });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.items[0].id).not.toBe(second.body.items[0].id);
  });

  it('refuses bad filters with 400 and the Spanish message', async () => {
    const bad: Record<string, string>[] = [{ outcome: 'aprobado' }, { from: 'ayer' }, { perPage: '1000' }, { reservationId: '../x' }, { otro: '1' }];
    for (const query of bad) {
      const res = await ledger(auditor, query);
      expect([JSON.stringify(query), res.status, res.body.code]).toEqual([JSON.stringify(query), 400, 'VALIDATION_FAILED']);
      expect(res.body.message).toBe('Algunos datos no son válidos. Revise el formulario.');
    }
  });

  it('is read by auditors and admins only: a buyer or a company user gets 403, nobody signed in 401', async () => {
    expect((await ledger(admin, {})).status).toBe(200);
    expect((await ledger(paid.buyer, {})).status).toBe(403);
    expect((await ledger(company, {})).body.code).toBe('FORBIDDEN');
    expect((await ledger(app.client(), {})).status).toBe(401);
  });
});

describe('POST /reservations/{id}/refund (staff record a refund with the gateway’s reference)', () => {
  it('records it once while the refund is owed; it shows in the ledger and in the reservation’s history', async () => {
    const project = (await app.client().get('/api/v1/projects/mirador-providencia')).body;
    const id = await reservationOwingRefund(app, project.id, paid.buyerId);
    const owed = await ledger(auditor, { reservationId: id });
    expect(owed.body.items.map((r: { outcome: string }) => r.outcome)).toEqual(['refund_due', 'approved', 'expired', 'started']);

    const body = { gatewayReference: 'TBK-ANUL-000123', reason: 'Reversa hecha en el portal de Transbank' };
    expect((await auditor.post(`/api/v1/reservations/${id}/refund`, body)).status).toBe(403);
    expect((await paid.buyer.post(`/api/v1/reservations/${id}/refund`, body)).body.code).toBe('INSUFFICIENT_PERMISSIONS');
    const refunded = await admin.post(`/api/v1/reservations/${id}/refund`, body);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toEqual({ reservationId: id, refunded: true });
    const again = await admin.post(`/api/v1/reservations/${id}/refund`, body);
    expect([again.status, again.body.code]).toEqual([409, 'REFUND_NOT_DUE']);
    expect(again.body.message).toMatch(/no tiene un reembolso pendiente/);

    await readModelsCaughtUp(app);
    const after = await ledger(auditor, { reservationId: id });
    expect(after.body.items[0]).toMatchObject({
      outcome: 'refunded',
      event: 'Reembolso registrado',
      gatewayReference: 'TBK-ANUL-000123',
      amountCLP: 500_000,
      actor: { name: 'Andrés Muñoz Soto' },
    });
    const history = await auditor.get(`/api/v1/history/reservation/${id}`);
    expect(history.body.items[0]).toMatchObject({ event: 'Reembolso registrado', reason: body.reason, actor: { name: 'Andrés Muñoz Soto' } });
    expect(history.body.items[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'refunded', before: null, after: true },
        { field: 'gatewayReference', before: null, after: 'TBK-ANUL-000123' },
      ]),
    );
  });

  it('refuses a refund that is not owed (409), an unknown reservation (404) and a bad body (400)', async () => {
    const body = { gatewayReference: 'TBK-ANUL-000999', reason: 'Intento indebido' };
    const confirmed = await admin.post(`/api/v1/reservations/${paid.reservationId}/refund`, body);
    expect([confirmed.status, confirmed.body.code]).toEqual([409, 'REFUND_NOT_DUE']);
    expect((await admin.post('/api/v1/reservations/00000000-0000-4000-8000-000000000000/refund', body)).status).toBe(404);
    for (const bad of [{}, { gatewayReference: 'x', reason: 'Motivo' }, { gatewayReference: 'TBK-1', reason: '' }, { ...body, amount: 1 }]) {
      const res = await admin.post(`/api/v1/reservations/${paid.reservationId}/refund`, bad);
      expect([JSON.stringify(bad), res.status]).toEqual([JSON.stringify(bad), 400]);
    }
  });
});

describe('back-office commercial lists', () => {
  it('GET /backoffice/reservations filters by status, project, buyer, dates, hold expiry and payment state', async () => {
    const list = (query: Record<string, string>) => auditor.get(`/api/v1/backoffice/reservations?${new URLSearchParams(query).toString()}`);
    const confirmed = await list({ status: 'confirmed', buyer: paid.email });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.items).toEqual([
      expect.objectContaining({ id: paid.reservationId, status: 'confirmed', paymentOutcome: 'confirmed', amountCLP: 500_000, buyerEmail: paid.email }),
    ]);
    expect((await list({ project: 'mirador', payment: 'confirmed' })).body.items.map((r: { id: string }) => r.id)).toContain(paid.reservationId);
    expect((await list({ status: 'expired', buyer: paid.email })).body.total).toBe(0);
    expect((await list({ payment: 'refund_due', buyer: paid.email })).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ from: today, buyer: paid.email })).body.total).toBe(1);
    expect((await list({ holdExpiresFrom: today, buyer: paid.email })).body.total).toBe(1);
    expect((await list({ holdExpiresTo: '2020-01-01', buyer: paid.email })).body.total).toBe(0);
    expect((await list({ status: 'pagada' })).status).toBe(400);
    expect((await paid.buyer.get('/api/v1/backoffice/reservations')).status).toBe(403);
    expect((await company.get('/api/v1/backoffice/reservations')).status).toBe(403);
    const one = await auditor.get(`/api/v1/backoffice/reservations/${paid.reservationId}`);
    expect(one.body).toMatchObject({ id: paid.reservationId, buyerId: paid.buyerId });
    expect((await auditor.get('/api/v1/backoffice/reservations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('GET /backoffice/quotes filters by date, project, buyer and status', async () => {
    const quoted = await paid.buyer.post('/api/v1/quotes', {
      unitId: (await app.client().get('/api/v1/projects/mirador-providencia/units?available=true')).body.items[0].id,
    });
    expect(quoted.status).toBe(201);
    await readModelsCaughtUp(app);
    const list = (query: Record<string, string>) => auditor.get(`/api/v1/backoffice/quotes?${new URLSearchParams(query).toString()}`);
    const mine = await list({ buyer: paid.email });
    expect(mine.status).toBe(200);
    expect(mine.body.items).toEqual([
      expect.objectContaining({
        id: quoted.body.id,
        number: quoted.body.number,
        status: 'valid',
        buyerId: paid.buyerId,
        buyerName: expect.stringMatching(/^Comprador Número/),
      }),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ buyer: paid.email, from: today, to: today, project: 'mirador', status: 'valid' })).body.total).toBe(1);
    expect((await list({ buyer: paid.email, status: 'expired' })).body.total).toBe(0);
    expect((await list({ buyer: paid.email, to: '2020-01-01' })).body.total).toBe(0);
    expect((await list({ from: '22-11-2026' })).status).toBe(400);
    expect((await paid.buyer.get('/api/v1/backoffice/quotes')).status).toBe(403);
  });
});

describe('the ledger is a projection of the events', () => {
  it('rebuilt from scratch (blue-green), it answers the same rows', async () => {
    const before = await ledger(auditor, { perPage: '100' });
    expect(before.body.total).toBeGreaterThan(5);
    await app.platform.container.get<ReadSide>(TOKENS.ProjectionRunner).rebuild('payments-ledger');
    const after = await ledger(auditor, { perPage: '100' });
    expect(after.body).toEqual(before.body);
  });
});
