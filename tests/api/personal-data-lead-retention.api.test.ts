import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import { PERSONAL_DATA } from '../../application/personal-data/personal-data.tokens';
import { resolve } from '../../kernel/ports/token';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { readModelsCaughtUp } from '../support/buyers';
import { filesHolding, registeredPerson } from '../personal-data/support-people';

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  admin = app.client();
  await admin.login('admin@demo.cl');
});
afterAll(() => app.stop());

const holding = (needle: string) => filesHolding(app, needle);

const contact = (client: ApiClient, name: string, email: string) =>
  client.post('/api/v1/contact-requests', {
    name,
    email,
    phone: '+56 9 8765 4321',
    message: `Soy ${name}`,
    preferredContactMethod: 'email',
    preferredTime: 'any',
    termsAccepted: true,
  });

describe('retention of unconverted leads (LEAD_RETENTION_DAYS)', () => {
  it("erases leads idle past the period that never converted, through the erasure mechanism; a customer's lead stays", async () => {
    const stranger = 'ildefonsa.retencion@correo.cl';
    expect((await contact(app.client(), 'Ildefonsa Retención', stranger)).status).toBe(201);
    const customer = await registeredPerson(app, { name: 'Casimira' });
    expect((await contact(customer.client, 'Casimira Rojas', customer.body.workEmail)).status).toBe(201);
    await readModelsCaughtUp(app);
    const leadOf = async (email: string) => (await admin.get(`/api/v1/leads?search=${encodeURIComponent(email)}`)).body.items[0];
    const lead = await leadOf(stranger);
    expect(lead).toMatchObject({ email: stranger, name: 'Ildefonsa Retención' });

    const retention = resolve(app.platform.container, PERSONAL_DATA.LeadRetention);
    expect(await retention.sweep(new Date())).toEqual([]); // not idle long enough
    const later = new Date(Date.now() + 731 * 24 * 3600 * 1000); // the default period is 730 days
    expect(await retention.sweep(later)).toEqual([lead.id]);
    expect(await retention.sweep(later)).toEqual([]); // done once

    const store = app.platform.container.get<EventStore>(TOKENS.EventStore);
    expect((await store.readStream(`lead-${lead.id}`))[0].data).toMatchObject({ leadId: lead.id, email: 'titular suprimido', name: 'titular suprimido' });
    expect((await store.readStream(`personaldata-${lead.id}`)).map((e) => e.type)).toEqual(['PersonalDataErased']);
    await readModelsCaughtUp(app);
    expect(await leadOf(stranger)).toBeUndefined();
    expect(await leadOf(customer.body.workEmail)).toMatchObject({ name: 'Casimira Rojas' });
    for (const value of [stranger, 'Ildefonsa', 'Soy Ildefonsa']) expect([value, holding(value)]).toEqual([value, []]);
  });
});
