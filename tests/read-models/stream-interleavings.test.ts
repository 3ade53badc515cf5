import type { EventStore, RecordedEvent } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import { ALL_PROJECTIONS } from '../../read-models/all-projections';
import { registrationApplication } from '../support/company-registration';
import { createBuyers, payAtSandbox, readModelsCaughtUp, signedIn } from '../support/buyers';
import { projectionSpec } from '../support/projection-spec';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let history: RecordedEvent[];

beforeAll(async () => {
  app = await startTestApp();
  const [first, second] = await Promise.all((await createBuyers(app, 2)).map((email) => signedIn(app, email)));
  await readModelsCaughtUp(app);
  const units = (await app.client().get('/api/v1/projects/mirador-providencia/units?available=true')).body.items as { id: string }[];
  await first.post('/api/v1/quotes', { unitId: units[2].id });
  const alert = await second.post('/api/v1/alerts', { projectId: 'mirador-providencia' });
  if (alert.status >= 300) throw new Error(JSON.stringify(alert.body));
  await second.put('/api/v1/notifications/preferences', {
    channels: { email: true, sms: false, push: false, browser: true },
    categories: { system: true, projects: true, campaigns: false, security: true },
    frequency: 'daily',
    quietHours: { enabled: true, start: '22:30', end: '07:00' },
  });
  await second.post('/api/v1/me/data-requests', { kind: 'access', details: 'Quiero saber qué datos tienen' });
  await app.client().post('/api/v1/company-registrations', registrationApplication());
  await first.post('/api/v1/favorites', { projectId: 'parque-nunoa' });
  await first.post('/api/v1/favorites', { projectId: 'mirador-providencia' });
  await first.delete('/api/v1/favorites/parque-nunoa');
  const paid = await first.post('/api/v1/reservations', { unitId: units[0].id });
  await payAtSandbox(first, paid.body.payment, 'approve');
  const failed = await second.post('/api/v1/reservations', { unitId: units[1].id });
  await payAtSandbox(second, failed.body.payment, 'reject');
  await second.post('/api/v1/reservations', { unitId: units[1].id });
  // A bulk upload of the import template: a project and its units created by an import.
  const admin = app.client();
  await admin.login('admin@demo.cl');
  const template = await admin.bytes('/api/v1/project-imports/template?format=csv');
  const uploaded = await admin.upload('/api/v1/project-imports', {}, { name: 'plantilla.csv', type: 'text/csv', bytes: template.bytes });
  for (let tries = 0; tries < 600; tries++) {
    if (['completed', 'failed'].includes((await admin.get(`/api/v1/project-imports/${uploaded.body.id}`)).body.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A collaborators' import of a partner employer: its job's progress and the collaborators it enrols.
  const HEADER = 'RUT,Nombre,Primer apellido,Segundo apellido,Email laboral,Email personal,Teléfono,Cargo,Aporte empresa (UF),Plan';
  const rows = [HEADER, '15000001-7,Ana,Rojas,,ana.rojas@bancoandino.cl,,,Analista,50,Vivienda'].join('\n');
  const imported = await admin.upload(
    '/api/v1/companies/banco-andino/collaborators/import',
    {},
    { name: 'colaboradores.csv', type: 'text/csv', bytes: Buffer.from(rows) },
  );
  for (let tries = 0; tries < 600; tries++) {
    if ((await admin.get(`/api/v1/companies/banco-andino/collaborators/imports/${imported.body.id}`)).body.status !== 'processing') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await readModelsCaughtUp(app);
  history = await app.platform.container.get<EventStore>(TOKENS.EventStore).readAll({ fromPosition: 0, limit: 100_000 });
}, 60_000);
afterAll(() => app.stop());

/** A deterministic shuffle that keeps each stream's own order (what Kafka guarantees: order per key only). */
const interleaved = (events: readonly RecordedEvent[], seed: number): RecordedEvent[] => {
  let s = seed;
  const random = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const queues = new Map<string, RecordedEvent[]>();
  for (const e of events) queues.set(e.streamId, [...(queues.get(e.streamId) ?? []), e]);
  const out: RecordedEvent[] = [];
  while (queues.size > 0) {
    const ids = [...queues.keys()];
    const id = ids[Math.floor(random() * ids.length)];
    const queue = queues.get(id)!;
    out.push(queue.shift()!);
    if (queue.length === 0) queues.delete(id);
  }
  return out;
};

/**
 * Read models that still depend on the order across streams, with why; not checked here (docs/architecture.md,
 * "Order across streams"). The sales analytics attribute a reservation to the project and unit they have seen:
 * a fresh Kafka consumer group reading the reservation topic before the unit topic attributes it to "-" (a
 * rebuild replays the event store in order and is right).
 */
const ORDER_DEPENDENT = new Set(['sales-analytics']);

describe('every read model is the same whatever the order of streams (distributed mode orders per stream only)', () => {
  it('found a history that feeds every read model', () => {
    expect(ALL_PROJECTIONS.filter((p) => !history.some((e) => p.eventTypes.includes(e.type))).map((p) => p.name)).toEqual([]);
  });

  it.each(ALL_PROJECTIONS.filter((p) => !ORDER_DEPENDENT.has(p.name)).map((p) => [p.name, p] as const))('%s', async (_name, projection) => {
    const relevant = history.filter((e) => projection.eventTypes.includes(e.type));
    const inOrder = await (await projectionSpec([projection]).given(relevant)).snapshot();
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const shuffled = await (await projectionSpec([projection]).given(interleaved(relevant, seed))).snapshot();
      expect({ seed, ...shuffled }).toEqual({ seed, ...inOrder });
    }
  });
});
