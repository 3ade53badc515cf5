import type { ApiClient } from '../support/api-client';
import { signup, startTestApp, type TestApp } from '../support/test-app';
import { registeredPerson } from '../personal-data/support-people';

let app: TestApp;
let officer: ApiClient;
let units: { id: string }[];
beforeAll(async () => {
  app = await startTestApp();
  officer = app.client();
  await officer.login('superadmin@demo.cl');
  units = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items;
});
afterAll(() => app.stop());

const completed = async (client: ApiClient, kind: string) => {
  const requested = await client.post('/api/v1/me/data-requests', { kind, details: `Solicitud de ${kind}` });
  expect(requested.status).toBe(201);
  const done = await officer.post(`/api/v1/data-requests/${requested.body.id}/complete`, { outcome: 'Atendida', evidence: 'Sesión del titular' });
  expect(done.status).toBe(200);
  return requested.body.id as string;
};

describe('blocking of processing (Ley 21.719, bloqueo)', () => {
  it('refuses quotes, reservations and contact requests with BUSINESS_RULE_VIOLATION (422) until the officer lifts it; the export and requests stay open', async () => {
    const { client, body } = await registeredPerson(app);
    const requestId = await completed(client, 'blocking');

    const refusals = [
      await client.post('/api/v1/quotes', { unitId: units[0].id }),
      await client.post('/api/v1/reservations', { unitId: units[0].id }),
      await client.post('/api/v1/contact-requests', {
        name: 'Ana Pérez',
        email: body.workEmail,
        phone: '+56 9 1234 5678',
        preferredContactMethod: 'email',
        preferredTime: 'morning',
        termsAccepted: true,
      }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('BUSINESS_RULE_VIOLATION');
      expect(refused.body.fieldErrors[0].message).toMatch(/bloqueado a su solicitud/);
    }
    expect((await client.get('/api/v1/me/data-export')).body.sections.restrictions.data).toMatchObject({ processingBlocked: true });
    expect((await client.post('/api/v1/me/data-requests', { kind: 'access', details: '' })).status).toBe(201);

    const lifted = await officer.post(`/api/v1/data-requests/${requestId}/lift-block`, { reason: 'El titular pidió levantarlo' });
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual({ id: requestId, processingBlocked: false });
    expect((await client.post('/api/v1/quotes', { unitId: units[0].id })).status).toBe(201);
    const restrictions = (await client.get('/api/v1/me/data-export')).body.sections.restrictions.data;
    expect(restrictions.processingBlocked).toBe(false);
    expect(restrictions.history.map((h: { type: string }) => h.type)).toEqual(['ProcessingBlocked', 'ProcessingUnblocked']);
    // Nothing left to lift; and only a blocking request lifts a block.
    expect((await officer.post(`/api/v1/data-requests/${requestId}/lift-block`, { reason: 'Otra vez' })).status).toBe(422);
    const access = await completed(client, 'access');
    expect((await officer.post(`/api/v1/data-requests/${access}/lift-block`, { reason: 'No aplica' })).status).toBe(422);
  });
});

describe('after an erasure the email and RUT are free again', () => {
  it('the person registers again with the same email and RUT: a new account, nothing of the old one', async () => {
    const first = await registeredPerson(app, { name: 'Rosalinda' });
    await completed(first.client, 'erasure');
    const again = signup({ workEmail: first.body.workEmail, rut: first.body.rut, personalEmail: first.body.personalEmail });
    const registered = await app.client().post('/api/v1/auth/register', again);
    expect(registered.status).toBe(201);
    expect(registered.body.data.userId).not.toBe(first.userId);
  });
});
