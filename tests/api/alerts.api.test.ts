import { ALERTS } from '../../application/alerts/alerts.tokens';
import { resolve } from '../../kernel/ports/token';
import type { ApiClient } from '../support/api-client';
import { outboxDrained, startTestApp, type TestApp } from '../support/test-app';
import { createBuyers, payAtSandbox, readModelsCaughtUp, signedIn } from '../support/buyers';

let app: TestApp;
let holder: ApiClient;
let watcher: ApiClient;
let projectWatcher: ApiClient;
let watcherEmail: string;
let projectWatcherEmail: string;
let units: { id: string; unitNumber: string }[];
const PROJECT = 'mirador-providencia';

beforeAll(async () => {
  app = await startTestApp();
  const emails = await createBuyers(app, 3);
  [holder, watcher, projectWatcher] = await Promise.all(emails.map((email) => signedIn(app, email)));
  [, watcherEmail, projectWatcherEmail] = emails;
  await readModelsCaughtUp(app);
  units = (await app.client().get(`/api/v1/projects/${PROJECT}/units?available=true`)).body.items;
}, 60_000);
afterAll(() => app.stop());

const mailsTo = (email: string) => app.mail.list().filter((m) => m.to.includes(email) && m.subject.startsWith('Unidad disponible'));

describe('availability alerts: "Configurar alertas" after UNIT_ALREADY_RESERVED', () => {
  let alertId: string;
  let reservation: { reservationId: string; payment: { url: string; token: string } };

  it('a buyer refused a held unit sets an alert on it; setting it again answers the same alert', async () => {
    const unit = units[0];
    const held = await holder.post('/api/v1/reservations', { unitId: unit.id });
    expect(held.status).toBe(201);
    reservation = held.body;
    const refused = await watcher.post('/api/v1/reservations', { unitId: unit.id });
    expect(refused.status).toBe(409);
    expect(refused.body.actions).toContain('Configurar alertas');

    const set = await watcher.post('/api/v1/alerts', { projectId: PROJECT, unitId: unit.id });
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({
      id: expect.any(String),
      projectId: PROJECT,
      projectName: expect.any(String),
      unitId: unit.id,
      unitNumber: unit.unitNumber,
      status: 'active',
    });
    expect(set.headers.get('x-event-position')).toMatch(/^\d+$/);
    alertId = set.body.id;
    const again = await watcher.post('/api/v1/alerts', { projectId: PROJECT, unitId: unit.id });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(alertId);

    const project = await projectWatcher.post('/api/v1/alerts', { projectId: PROJECT });
    expect(project.body).toMatchObject({ unitId: null, unitNumber: null, status: 'active' });

    await readModelsCaughtUp(app);
    const mine = (await watcher.get('/api/v1/alerts/mine')).body;
    expect(mine).toEqual({ total: 1, items: [expect.objectContaining({ id: alertId, unitId: unit.id, status: 'active', notifiedAt: null })] });
  });

  it('refuses an alert on a unit free right now, on an unknown project, on a unit of another project; anonymous gets 401', async () => {
    const free = await watcher.post('/api/v1/alerts', { projectId: PROJECT, unitId: units[1].id });
    expect(free.status).toBe(422);
    expect(free.body).toMatchObject({
      code: 'BUSINESS_RULE_VIOLATION',
      fieldErrors: [{ field: 'unitId', message: 'La unidad está disponible: puede reservarla ahora.' }],
    });
    expect((await watcher.post('/api/v1/alerts', { projectId: 'no-existe' })).status).toBe(404);
    const elsewhere = (await app.client().get('/api/v1/projects/parque-nunoa/units')).body.items[0];
    expect((await watcher.post('/api/v1/alerts', { projectId: PROJECT, unitId: elsewhere.id })).status).toBe(404);
    expect((await app.client().post('/api/v1/alerts', { projectId: PROJECT })).status).toBe(401);
  });

  it('the hold is released (payment rejected): each waiting buyer gets one mail over SMTP with the link, and the alert shows notified', async () => {
    const unit = units[0];
    await payAtSandbox(holder, reservation.payment, 'reject');
    const mail = await app.mail.waitFor((m) => m.to.includes(watcherEmail) && m.subject.startsWith('Unidad disponible'));
    expect(mail.subject).toContain(`unidad ${unit.unitNumber}`);
    expect(mail.text).toContain(`vuelve a estar disponible`);
    expect(mail.text).toContain(`/projects/${PROJECT}?unit=${encodeURIComponent(unit.id)}`);
    const projectMail = await app.mail.waitFor((m) => m.to.includes(projectWatcherEmail) && m.subject.startsWith('Unidad disponible'));
    expect(projectMail.text).toContain(`la unidad ${unit.unitNumber}`);

    await readModelsCaughtUp(app);
    const [alert] = (await watcher.get('/api/v1/alerts/mine')).body.items;
    expect(alert).toMatchObject({
      id: alertId,
      status: 'notified',
      notifiedUnitId: unit.id,
      notifiedUnitNumber: unit.unitNumber,
      notifiedAt: expect.any(String),
    });
  });

  it('is one-shot: the unit held and released again mails nobody a second time', async () => {
    const again = await holder.post('/api/v1/reservations', { unitId: units[0].id });
    expect(again.status).toBe(201);
    await payAtSandbox(holder, again.body.payment, 'reject');
    await readModelsCaughtUp(app);
    await outboxDrained(app);
    expect(mailsTo(watcherEmail)).toHaveLength(1);
    expect(mailsTo(projectWatcherEmail)).toHaveLength(1);
  });

  it('an alert set after a unit was freed is not answered by that (replayed) release, only by a later one', async () => {
    const set = await projectWatcher.post('/api/v1/alerts', { projectId: PROJECT });
    expect(set.status).toBe(201);
    await readModelsCaughtUp(app);
    const service = resolve(app.platform.container, ALERTS.Alerts);
    // A release from before the alert, delivered again (a rebuild or a redelivery): nobody is told.
    expect(await service.unitFreed(PROJECT, units[1].id, '2020-01-01T00:00:00.000Z', { correlationId: 'replay' })).toBe(0);
    await outboxDrained(app);
    expect(mailsTo(projectWatcherEmail)).toHaveLength(1);
    expect(await service.unitFreed(PROJECT, units[1].id, new Date(Date.now() + 1_000).toISOString(), { correlationId: 'later' })).toBe(1);
    await outboxDrained(app);
    expect(mailsTo(projectWatcherEmail).map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringContaining(`unidad ${units[1].unitNumber}`)]));
    expect(mailsTo(projectWatcherEmail)).toHaveLength(2);
  });

  it('removes an alert: gone from the list; removing it again, or someone else removing it, is 404', async () => {
    expect((await projectWatcher.request('DELETE', `/api/v1/alerts/${alertId}`)).status).toBe(404);
    const removed = await watcher.request('DELETE', `/api/v1/alerts/${alertId}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: alertId, removed: true });
    expect((await watcher.request('DELETE', `/api/v1/alerts/${alertId}`)).status).toBe(404);
    await readModelsCaughtUp(app);
    expect((await watcher.get('/api/v1/alerts/mine')).body.items.map((a: { id: string }) => a.id)).not.toContain(alertId);
  });
});
