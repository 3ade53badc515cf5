import fs from 'node:fs';
import { loadConfig } from '../../adapters/config';
import { startPlatform } from '../../adapters/composition/platform';
import { ScryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { encryptDataDirectory } from '../../adapters/embedded/encrypt-data-directory';
import { seedDemoAccounts, seedDemoCampaigns, seedDemoCompanies } from '../../adapters/seed/demo-seed';
import { DEMO_ACCOUNTS } from '../../adapters/seed/demo-accounts';
import { LeadIds, legacyLeadIdFor } from '../../application/personal-data/lead-ids';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { ApiClient } from '../support/api-client';
import { signup, testEnv } from '../support/test-app';
import { temporaryDataDir } from './support';

const PASSWORD = 'Demo2026!';
const LEAD_EMAIL = 'leontina.barraquero@correo.cl';
// Every demo person (accounts, the collaborator's enrolment in a company and its campaigns) must be gone.
const clearValues = DEMO_ACCOUNTS.flatMap((a) => [
  a.email,
  a.rut,
  a.email.replace('@demo.cl', '@personal.cl'),
  `"name":"${a.name}"`,
  `"firstLastName":"${a.firstLastName}"`,
  `"secondLastName":"${a.secondLastName}"`,
]);

describe('one-off migration of a data directory written in clear (npm run personal-data:encrypt)', () => {
  let data: ReturnType<typeof temporaryDataDir>;
  let mail: SmtpSink;
  let env: Record<string, string>;
  beforeEach(async () => {
    data = temporaryDataDir();
    mail = new SmtpSink();
    env = testEnv(data.dir, await mail.listen(0));
  });
  afterEach(async () => (await mail.close(), data.remove()));

  const start = () => startPlatform(loadConfig(env), () => undefined);

  it('rewrites the demo data so no demo person is left in clear, and the platform signs them in afterwards', async () => {
    // The demo data as a version without encryption wrote it: the same seed, straight into the SQLite log.
    const old = SqliteEventStore.open(data.file('events.sqlite'));
    await seedDemoAccounts(old, new ScryptPasswordHasher({ N: 1024, r: 8, p: 1 }), PASSWORD);
    await seedDemoCompanies(old);
    await seedDemoCampaigns(old);
    // A lead under its old unkeyed id (a SHA-256 of the email), and a receipt recorded before it named its buyer.
    const legacyLead = legacyLeadIdFor(LEAD_EMAIL);
    const meta = { correlationId: 'c1', actorId: 'anonymous', actorRoles: [], occurredAt: '2026-11-01T10:00:00.000Z', schemaVersion: 1 };
    const contact = {
      name: 'Leontina Barraquero',
      dni: '7.654.321-6',
      email: LEAD_EMAIL,
      phone: '+56911223344',
      company: null,
      monthlyIncome: 1_800_000,
      userId: null,
    };
    await old.append(
      `lead-${legacyLead}`,
      [{ type: 'LeadCaptured', data: { leadId: legacyLead, ...contact, source: 'contact_request', capturedAt: meta.occurredAt }, metadata: meta }],
      'no_stream',
    );
    const request = {
      reservationId: 'r-old',
      unitId: 'u1',
      projectId: 'p1',
      projectName: 'Parque',
      unitNumber: '101',
      buyerId: 'buyer-old',
      buyerEmail: LEAD_EMAIL,
      buyerName: 'Leontina Barraquero',
      amountCLP: 100_000,
    };
    await old.append('reservation-r-old', [{ type: 'ReservationRequested', data: { ...request, requestedAt: meta.occurredAt }, metadata: meta }], 'no_stream');
    await old.append(
      'reservation-r-old',
      [{ type: 'ReservationReceiptSent', data: { reservationId: 'r-old', to: LEAD_EMAIL, sentAt: meta.occurredAt }, metadata: meta }],
      0,
    );
    const oldCount = await old.headPosition();
    await old.close();
    // ...then a while with encryption on: a person signs up through the encrypting store.
    let platform = await start();
    const person = signup({ name: 'Xiomara', firstLastName: 'Quintanilla' });
    expect((await new ApiClient(platform.url).post('/api/v1/auth/register', person)).status).toBe(201);
    const before = data.rawBytes('events.sqlite').toString('utf8');
    expect(before).toContain('superadmin@demo.cl');
    expect(before).not.toContain(person.workEmail);
    // "With the platform stopped": the running platform holds the event file's lock.
    await expect(encryptDataDirectory(data.dir, loadConfig(env).secretKey)).rejects.toThrow(/already open for writing by another process/);
    await platform.stop();

    const result = await encryptDataDirectory(data.dir, loadConfig(env).secretKey);
    expect(result.events).toBeGreaterThan(oldCount);

    const after = data.rawBytes('events.sqlite').toString('utf8');
    for (const clear of [...clearValues, person.workEmail, person.rut, 'Xiomara', 'Quintanilla', LEAD_EMAIL, 'Leontina', '7.654.321-6', legacyLead])
      expect(after).not.toContain(clear);
    // The lock file stays: removing it could let two processes lock two different files of the same name.
    expect(fs.readdirSync(data.dir).filter((f) => f.startsWith('events'))).toEqual(['events.sqlite', 'events.sqlite.lock']);
    expect(fs.existsSync(data.file('read-models.sqlite'))).toBe(false);

    platform = await start();
    try {
      const c = new ApiClient(platform.url);
      const byEmail = await c.post('/api/v1/auth/cookie/login', { email: 'superadmin@demo.cl', password: PASSWORD });
      expect(byEmail.status).toBe(200);
      expect(byEmail.body.data.user).toMatchObject({ email: 'superadmin@demo.cl', rut: '11111111-1', name: 'Sofía', first_last_name: 'Valdés' });
      expect((await new ApiClient(platform.url).post('/api/v1/auth/cookie/login', { email: '11.111.111-1', password: PASSWORD })).status).toBe(200);
      const migrated = await new ApiClient(platform.url).post('/api/v1/auth/cookie/login', { email: person.workEmail, password: person.password });
      expect(migrated.body.code).toBe('EMAIL_NOT_VERIFIED'); // found, with its state intact
      // The restart's demo seed found every demo account and added none.
      const registrations = (await platform.container.get<SqliteEventStore>(Symbol.for('EventStore')).readAll({ fromPosition: 0, limit: 10_000 })).filter(
        (e) => e.type === 'UserRegistered',
      );
      expect(registrations).toHaveLength(DEMO_ACCOUNTS.length + 1);
      // The lead moved to its keyed id and reads in clear there; the old receipt is sealed under its buyer.
      const store = platform.container.get<SqliteEventStore>(Symbol.for('EventStore'));
      const keyed = LeadIds.fromPlatformSecret(loadConfig(env).secretKey).idFor(LEAD_EMAIL);
      expect((await store.readStream(`lead-${keyed}`))[0].data).toMatchObject({
        leadId: keyed,
        email: LEAD_EMAIL,
        name: 'Leontina Barraquero',
        monthlyIncome: 1_800_000,
      });
      expect(await store.readStream(`lead-${legacyLead}`)).toEqual([]);
      expect((await store.readStream('reservation-r-old'))[1].data).toMatchObject({ buyerId: 'buyer-old', to: LEAD_EMAIL });
    } finally {
      await platform.stop();
    }
    expect(data.rawBytes('events.sqlite').toString('utf8')).not.toContain('superadmin@demo.cl');
  });
});
