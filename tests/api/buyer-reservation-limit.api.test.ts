import { buyerReservationsStream } from '../../domain/reservations/buyer-reservations';
import type { ApiClient } from '../support/api-client';
import { events, payAtSandbox, readModelsCaughtUp, signedIn } from '../support/buyers';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * One buyer, several units: a limit of active reservations per buyer (the back office's parameter, 1 by default),
 * decided on the buyer's own stream so that simultaneous reservations of different units cannot all win; the
 * employer's contribution is a benefit per person, committed once.
 */
let app: TestApp;
let collaborator: ApiClient;
let admin: ApiClient;
let analyst: ApiClient;
let units: { id: string; unitNumber: string }[];

const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo2026!';
const head = async () => ({ 'x-min-position': String(await events(app).headPosition()) });
const contribution = async () => {
  const today = new Date(Date.now() - 4 * 3600_000).toISOString().slice(0, 10);
  const sales = await analyst.get(`/api/v1/analytics/sales?from=${today}&to=${today}&partnerCompanyId=banco-andino`, await head());
  return sales.body.contribution.committedUF as number;
};

beforeAll(async () => {
  app = await startTestApp();
  [collaborator, admin, analyst] = await Promise.all(
    ['colaborador@demo.cl', 'admin@demo.cl', 'analista@demo.cl'].map((email) => signedIn(app, email, DEMO_PASSWORD)),
  );
  units = (await app.client().get('/api/v1/projects/mirador-providencia/units?available=true')).body.items;
});
afterAll(() => app.stop());

describe('active reservations per buyer', () => {
  it('five simultaneous reservations of five units by one buyer: exactly one wins, the others are refused with the catalogue message', async () => {
    const answers = await Promise.all(units.slice(0, 5).map((u) => collaborator.post('/api/v1/reservations', { unitId: u.id })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(4);
    for (const answer of refused)
      expect(answer.body).toEqual({
        code: 'RESERVATION_LIMIT_REACHED',
        message: 'Ya tiene el máximo de reservas activas permitido por comprador. Para reservar otra unidad, anule la reserva en curso o contacte a ventas.',
        severity: 'error',
        fieldErrors: [],
        actions: ['Ver mis reservas', 'Contactar a ventas'],
      });
    const taken = (await events(app).readAll({ fromPosition: 0, limit: 1_000_000 })).filter((e) => e.type === 'BuyerReservationSlotTaken');
    expect(taken).toHaveLength(1);
    expect(taken[0].streamId).toBe(buyerReservationsStream(taken[0].data.buyerId as string));
    // Only the winner's unit is held: the refused ones stay available.
    const available = (await app.client().get('/api/v1/projects/mirador-providencia/units?available=true', await head())).body.items.map(
      (u: { id: string }) => u.id,
    );
    const won = units[answers.findIndex((a) => a.status === 201)];
    expect(available).not.toContain(won.id);
    for (const [i, u] of units.slice(0, 5).entries()) if (answers[i].status === 409) expect(available).toContain(u.id);

    // Paid and confirmed, the reservation stays active: another unit is still refused.
    await payAtSandbox(collaborator, answers.find((a) => a.status === 201)!.body.payment, 'approve');
    const again = await collaborator.post('/api/v1/reservations', { unitId: units[5].id });
    expect([again.status, again.body.code]).toEqual([409, 'RESERVATION_LIMIT_REACHED']);
    await readModelsCaughtUp(app);
    expect(await contribution()).toBe(150);
  });

  it('staff raise the limit to two with a reason: a second purchase is allowed, the UF 150 contribution stays committed once', async () => {
    const current = await admin.get('/api/v1/financial-parameters/reservas-activas-por-comprador');
    expect(current.body).toMatchObject({ name: 'Reservas activas por comprador', value: 1, category: 'LIMITS' });
    const changed = await admin.patch(
      '/api/v1/financial-parameters/reservas-activas-por-comprador',
      { value: 2, reason: 'Compra de estacionamiento y bodega' },
      { 'If-Match': current.headers.get('etag')! },
    );
    expect(changed.status).toBe(200);
    const second = await collaborator.post('/api/v1/reservations', { unitId: units[5].id });
    expect(second.status).toBe(201);
    await payAtSandbox(collaborator, second.body.payment, 'approve');
    await readModelsCaughtUp(app);
    expect(await contribution()).toBe(150);
    const third = await collaborator.post('/api/v1/reservations', { unitId: units[6].id });
    expect([third.status, third.body.code]).toEqual([409, 'RESERVATION_LIMIT_REACHED']);
  });
});
