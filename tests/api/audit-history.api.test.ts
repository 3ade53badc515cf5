import { registeredPerson, setRoles } from '../personal-data/support-people';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { reserveAndPay, signedInAs } from './audit-support';
import { readModelsCaughtUp } from '../support/buyers';

let app: TestApp;
let auditor: ApiClient;
let admin: ApiClient;
let company: ApiClient;
let superadmin: ApiClient;
let paid: Awaited<ReturnType<typeof reserveAndPay>>;

beforeAll(async () => {
  app = await startTestApp();
  [auditor, admin, company, superadmin] = await Promise.all(
    ['auditor@demo.cl', 'admin@demo.cl', 'empresa@demo.cl', 'superadmin@demo.cl'].map((e) => signedInAs(app, e)),
  );
  paid = await reserveAndPay(app, 'mirador-providencia');
}, 90_000);
afterAll(() => app.stop());

const history = (client: ApiClient, entity: string, id: string) => client.get(`/api/v1/history/${entity}/${id}`);

describe('GET /history/{entity}/{id}', () => {
  it('a reservation: its events newest first with their Spanish labels, actors (null for the system), reasons and before/after', async () => {
    const res = await history(auditor, 'reservation', paid.reservationId);
    expect(res.status).toBe(200);
    const items = res.body.items;
    expect(items.map((i: { event: string }) => i.event)).toEqual([
      'Comprobante enviado por correo',
      'Reserva confirmada',
      'Pago aprobado por la pasarela',
      'Pago iniciado',
      'Unidad retenida para la reserva',
      'Reserva solicitada',
    ]);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['actor', 'at', 'changes', 'event', 'reason', 'type']);
    const at = items.map((i: { at: string }) => i.at);
    expect([...at].sort().reverse()).toEqual(at);
    const confirmed = items[1];
    expect(confirmed).toMatchObject({ type: 'ReservationConfirmed', actor: null, reason: null });
    expect(confirmed.changes).toEqual([{ field: 'status', before: 'payment_started', after: 'confirmed' }]);
    expect(items[2].actor).toEqual({ id: paid.buyerId, name: expect.stringMatching(/^Comprador Número\d+ Prueba$/) });
    expect(items[2].changes).toEqual(expect.arrayContaining([{ field: 'paymentOutcome', before: 'pending', after: 'confirmed' }]));
    expect(items[5].changes).toEqual(expect.arrayContaining([{ field: 'buyerEmail', before: null, after: paid.email }]));
    expect(JSON.stringify(res.body)).not.toMatch(/token|returnUrl/);
  });

  it('a unit and a project: the hold and the reservation on the unit’s stream; the project’s creation by the system', async () => {
    const unit = await history(auditor, 'unit', paid.unitId);
    expect(unit.body.items.slice(0, 2).map((i: { event: string }) => i.event)).toEqual(['Unidad reservada', 'Unidad retenida por una reserva']);
    expect(unit.body.items[0].changes).toEqual(expect.arrayContaining([{ field: 'commercialStatus', before: 'in_process', after: 'reserved' }]));
    const project = (await app.client().get('/api/v1/projects/mirador-providencia')).body;
    const projectHistory = await history(admin, 'project', project.id);
    expect(projectHistory.status).toBe(200);
    expect(projectHistory.body.items.at(-1)).toMatchObject({ event: 'Proyecto creado', actor: null });
  });

  it('a user: the account’s and the roles’ streams together; a role change with its author, reason and before/after; no secret', async () => {
    const person = await registeredPerson(app, { name: 'Herminia' });
    await setRoles(admin, person.userId, ['collaborator', 'user'], 'Colaborador de empresa en convenio');
    await readModelsCaughtUp(app);
    const res = await history(auditor, 'user', person.userId);
    expect(res.status).toBe(200);
    const [change] = res.body.items;
    expect(change).toMatchObject({ event: 'Roles agregados', reason: 'Colaborador de empresa en convenio', actor: { name: 'Andrés Muñoz Soto' } });
    expect(change.changes).toEqual([{ field: 'roles', before: ['user'], after: ['collaborator', 'user'] }]);
    expect(res.body.items.map((i: { event: string }) => i.event)).toEqual(expect.arrayContaining(['Cuenta creada', 'Correo verificado']));
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|Hash|password/i);
  });

  it('a campaign and a company', async () => {
    const campaigns = (await admin.get('/api/v1/campaigns')).body.items;
    expect((await history(auditor, 'campaign', campaigns[0].id)).body.items.at(-1)).toMatchObject({ event: 'Campaña creada' });
    expect((await history(auditor, 'company', 'inmobiliaria-andes')).body.items.at(-1)).toMatchObject({ event: 'Empresa registrada', actor: null });
  });

  it('a person erased under Ley 21.719 shows as "titular suprimido", as actor and in the changes', async () => {
    const person = await registeredPerson(app, { name: 'Wilhelmina', firstLastName: 'Zapiola' });
    const unit = (await app.client().get('/api/v1/projects/mirador-providencia/units?available=true')).body.items[0];
    const reserved = await person.client.post('/api/v1/reservations', { unitId: unit.id });
    expect(reserved.status).toBe(201);
    const request = await person.client.post('/api/v1/me/data-requests', { kind: 'erasure', details: 'Borren mis datos' });
    const done = await superadmin.post(`/api/v1/data-requests/${request.body.id}/complete`, { outcome: 'Datos suprimidos', evidence: 'Sesión del titular' });
    expect(done.status).toBe(200);
    await readModelsCaughtUp(app);
    const res = await history(auditor, 'reservation', reserved.body.reservationId);
    const requested = res.body.items.at(-1);
    expect(requested.actor).toEqual({ id: person.userId, name: 'titular suprimido' });
    expect(requested.changes).toEqual(expect.arrayContaining([{ field: 'buyerName', before: null, after: 'titular suprimido' }]));
    expect(JSON.stringify(res.body)).not.toMatch(/Wilhelmina|Zapiola/);
  });

  it('answers 404 for an unknown entity kind or id', async () => {
    expect((await history(auditor, 'quote', paid.reservationId)).status).toBe(404);
    expect((await history(auditor, 'reservation', '00000000-0000-4000-8000-000000000000')).body.code).toBe('NOT_FOUND');
    expect((await history(auditor, 'user', '..')).status).toBe(404);
  });

  it('nobody signed in: 401; a buyer: 403; nobody can write it', async () => {
    expect((await history(app.client(), 'reservation', paid.reservationId)).status).toBe(401);
    const refused = await history(paid.buyer, 'reservation', paid.reservationId);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      // A history is read only: a write method is not allowed there (405, Allow: GET).
      const refusedWrite = await auditor.request(method, `/api/v1/history/reservation/${paid.reservationId}`, {});
      expect(refusedWrite.status).toBe(405);
      expect(refusedWrite.headers.get('allow')).toMatch(/GET/);
    }
  });

  it('a company user reads only its own company’s projects and units (404 otherwise)', async () => {
    const own = (await company.get('/api/v1/backoffice/projects?perPage=1')).body.items[0];
    expect(own).toBeDefined();
    expect((await history(company, 'project', own.id)).status).toBe(200);
    const all = (await admin.get('/api/v1/backoffice/projects?perPage=100')).body.items as { id: string; realEstate: { companyId: string } }[];
    const foreign = all.find((p) => p.realEstate.companyId !== 'inmobiliaria-andes')!;
    expect((await history(company, 'project', foreign.id)).status).toBe(404);
    const ownUnit = (await app.client().get(`/api/v1/projects/${own.id}/units`)).body.items[0];
    expect((await history(company, 'unit', ownUnit.id)).status).toBe(200);
    const foreignUnit = (await app.client().get(`/api/v1/projects/${foreign.id}/units`)).body.items[0];
    expect((await history(company, 'unit', foreignUnit.id)).status).toBe(404);
    for (const [entity, id] of [
      ['reservation', paid.reservationId],
      ['user', paid.buyerId],
      ['company', 'inmobiliaria-andes'],
    ])
      expect((await history(company, entity, id)).status).toBe(404);
  });
});
