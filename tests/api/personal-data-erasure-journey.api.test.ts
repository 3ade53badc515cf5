import fs from 'node:fs';
import path from 'node:path';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { payAtSandbox, readModelsCaughtUp } from '../support/buyers';
import { adminAndOfficer, filesHolding, registeredPerson, setRoles } from '../personal-data/support-people';

let app: TestApp;
let admin: ApiClient;
let officer: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  ({ admin, officer } = await adminAndOfficer(app));
});
afterAll(() => app.stop());

const holding = (needle: string) => filesHolding(app, needle);
const events = () => app.platform.container.get<EventStore>(TOKENS.EventStore);
const readStore = () => app.platform.container.get<ReadStore>(TOKENS.ReadStore);

describe('erasure of a person who quoted, reserved, paid, asked for contact and had their role changed', () => {
  it('leaves none of their strings in any file or API answer, before and after a rebuild, while the payment and role histories stay whole under the pseudonym', async () => {
    const person = await registeredPerson(app, { name: 'Eulampia', firstLastName: 'Quiroguillas', secondLastName: 'Zañartuvia', phone: '9 7531 8642' });
    const { body, client, userId } = person;
    const units = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items;
    const projectId = (await client.get('/api/v1/projects')).body.items[0].id;
    expect((await client.post('/api/v1/favorites', { projectId })).status).toBe(200);

    // A quote, mailed to the person.
    const quote = await client.post('/api/v1/quotes', { unitId: units[0].id });
    expect(quote.status).toBe(201);
    expect((await client.post(`/api/v1/quotes/${quote.body.id}/email`, {})).status).toBe(200);
    // A contact request with a message of their own, from the contact form (a lead).
    const contact = await client.post('/api/v1/contact-requests', {
      name: 'Eulampia Quiroguillas',
      email: body.workEmail,
      phone: '+56 9 7531 8642',
      message: 'Llámenme, soy Eulampia de Peñalolén Norteño',
      preferredContactMethod: 'email',
      preferredTime: 'morning',
      termsAccepted: true,
      projectId,
    });
    expect(contact.status).toBe(201);
    // A reservation, paid: the receipt is mailed.
    const reserved = await client.post('/api/v1/reservations', { unitId: units[1].id });
    expect(reserved.status).toBe(201);
    const reservationId = reserved.body.reservationId;
    expect((await payAtSandbox(client, reserved.body.payment, 'approve')).result).toMatch(/status=confirmed/);
    await app.mail.waitFor((m) => m.subject.startsWith('Reserva confirmada') && m.to.includes(body.workEmail));
    await setRoles(admin, userId, ['collaborator', 'user'], 'Colaborador de empresa en convenio');
    await readModelsCaughtUp(app);

    const clear = [
      body.workEmail,
      body.personalEmail,
      body.rut,
      body.rut.split('-')[0],
      'Eulampia',
      'Quiroguillas',
      'Zañartuvia',
      '975318642',
      'Peñalolén Norteño',
    ];
    // Before the erasure the log holds none of them in clear either: only ciphertext.
    const log = fs.readFileSync(path.join(app.dataDir, 'events.sqlite'));
    for (const value of clear) expect([value, log.includes(Buffer.from(value, 'utf8'))]).toEqual([value, false]);

    const requested = await client.post('/api/v1/me/data-requests', { kind: 'erasure', details: 'Borren todo, Eulampia' });
    const done = await officer.post(`/api/v1/data-requests/${requested.body.id}/complete`, { outcome: 'Datos suprimidos', evidence: 'Sesión del titular' });
    expect(done.status).toBe(200);
    await readModelsCaughtUp(app);
    const at = { 'x-min-position': String(await events().headPosition()) };

    const check = async () => {
      const answers = JSON.stringify([
        (await admin.get(`/api/v1/users/${userId}`, at)).body,
        (await admin.get(`/api/v1/users/${userId}/role-history`, at)).body,
        (await admin.get('/api/v1/leads?perPage=100', at)).body,
        (await admin.get(`/api/v1/leads?search=${encodeURIComponent(body.workEmail)}`, at)).body,
        (await officer.get('/api/v1/data-requests', at)).body,
      ]);
      for (const value of clear) expect([value, answers.includes(value)]).toEqual([value, false]);
      for (const value of clear) expect([value, holding(value)]).toEqual([value, []]);
      // The payment history is whole, under the pseudonym, with "titular suprimido" where the name was.
      const history = await events().readStream(`reservation-${reservationId}`);
      expect(history.map((e) => e.type)).toEqual(
        expect.arrayContaining(['ReservationRequested', 'ReservationPaymentConfirmed', 'ReservationConfirmed', 'ReservationReceiptSent']),
      );
      expect(history[0].data).toMatchObject({ buyerId: userId, buyerName: 'titular suprimido', buyerEmail: 'titular suprimido' });
      expect(await readStore().collection('reservations').findOne({ _id: reservationId })).toMatchObject({
        buyerId: userId,
        status: 'confirmed',
        buyerName: 'titular suprimido',
      });
      const audit = (await admin.get(`/api/v1/users/${userId}/role-history`, at)).body;
      expect(audit.items[0]).toMatchObject({ userId, newRoles: ['collaborator', 'user'] });
      expect(await readStore().collection('favorites').countDocuments({ userId })).toBe(0);
      expect(await readStore().collection('quotes').findOne({ _id: quote.body.id })).toMatchObject({ userId, emailedTo: [] });
    };
    await check();

    // A rebuild of every read model that held the person gives the same picture (nothing comes back).
    for (const name of ['favorites', 'leads', 'my-quotes', 'reservations', 'users', 'collaborators']) {
      const rebuilt = await officer.post(`/api/v1/admin/projections/${name}/rebuild`, {});
      expect([name, rebuilt.status]).toEqual([name, 200]);
    }
    await app.platform.container.get<ReadStore>(TOKENS.ReadStore).purgeDeletedBytes();
    await check();
  });
});
