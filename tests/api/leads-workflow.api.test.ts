import { startTestApp, type TestApp } from '../support/test-app';
import { at, type ApiClient } from '../support/api-client';

/** Leads as a workflow over real HTTP: list filters, detail with timeline, status moves, assignment, who may do what. */
let app: TestApp;
const clients: Record<string, ApiClient> = {};
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  for (const email of ['admin@demo.cl', 'asesor@demo.cl', 'analista@demo.cl', 'auditor@demo.cl', 'empresa@demo.cl', 'usuario@demo.cl']) {
    clients[email] = app.client();
    await clients[email].login(email);
  }
});
afterAll(() => app.stop());

const contact = (email: string, overrides: Record<string, unknown> = {}) =>
  app.client().post('/api/v1/contact-requests', {
    name: 'Paula Soto',
    email,
    phone: '+56 9 8765 4321',
    preferredContactMethod: 'both',
    preferredTime: 'afternoon',
    termsAccepted: true,
    message: 'Me interesa.',
    ...overrides,
  });
const leadOf = async (email: string, headers: Record<string, string> = {}) =>
  (await clients['admin@demo.cl'].get(`/api/v1/leads?search=${encodeURIComponent(email)}`, headers)).body.items as {
    id: string;
    status: string;
    previousLeadId: string | null;
  }[];

describe('leads workflow', () => {
  let advisorId: string;
  beforeAll(async () => {
    const advisors = await clients['admin@demo.cl'].get('/api/v1/leads/advisors');
    advisorId = advisors.body.items.find((a: { email: string }) => a.email === 'asesor@demo.cl')?.id;
    expect(advisorId).toEqual(expect.any(String));
  });

  it('moves a lead unfinished -> downloaded -> derivated with reasons; moving back is 409; the timeline tells it all', async () => {
    const created = await contact('wf.uno@gmail.com');
    const [lead] = await leadOf('wf.uno@gmail.com', at(created));
    const admin = clients['admin@demo.cl'];
    const down = await admin.post(`/api/v1/leads/${lead.id}/status`, { status: 'downloaded', reason: 'Descargó el folleto por teléfono' });
    expect([down.status, down.body]).toEqual([200, { id: lead.id, status: 'downloaded' }]);
    const back = await admin.post(`/api/v1/leads/${lead.id}/status`, { status: 'unfinished', reason: 'Volver atrás' });
    expect([back.status, back.body.code, back.body.message]).toEqual([409, 'LEAD_STATUS_NOT_ALLOWED', 'Este cambio de estado no está permitido para el lead.']);
    const derived = await admin.post(`/api/v1/leads/${lead.id}/status`, { status: 'derivated', reason: 'Derivado a la inmobiliaria' });
    expect(derived.status).toBe(200);
    for (const to of ['downloaded', 'unfinished', 'rejected']) {
      const closed = await admin.post(`/api/v1/leads/${lead.id}/status`, { status: to, reason: 'Reabrir el lead' });
      expect([to, closed.status, closed.body.code]).toEqual([to, 409, 'LEAD_CLOSED']);
    }
    const detail = await admin.get(`/api/v1/leads/${lead.id}`, at(derived));
    expect(detail.body).toMatchObject({
      status: 'derivated',
      allowedStatuses: [],
      can: { changeStatus: false, assign: false },
      firstContactAt: expect.any(String),
    });
    expect(detail.body.timeline.map((t: { kind: string; to: string | null; reason: string | null }) => [t.kind, t.to, t.reason])).toEqual([
      ['status_changed', 'derivated', 'Derivado a la inmobiliaria'],
      ['status_changed', 'downloaded', 'Descargó el folleto por teléfono'],
      ['contact_request', null, null],
    ]);
    expect(detail.body.timeline[0].actorName).toBe('Andrés Muñoz');
  });

  it('a new contact after a closed lead opens a new lead that names the old one', async () => {
    const first = await contact('wf.dos@gmail.com');
    const [lead] = await leadOf('wf.dos@gmail.com', at(first));
    const rejected = await clients['admin@demo.cl'].post(`/api/v1/leads/${lead.id}/status`, { status: 'rejected', reason: 'Sin capacidad de crédito' });
    expect(rejected.status).toBe(200);
    const again = await contact('wf.dos@gmail.com', { kind: 'advisor' });
    expect(again.status).toBe(201);
    const leads = await leadOf('wf.dos@gmail.com', at(again));
    expect(leads.map((l) => [l.status, l.previousLeadId])).toEqual(
      expect.arrayContaining([
        ['unfinished', lead.id],
        ['rejected', null],
      ]),
    );
    expect(leads).toHaveLength(2);
  });

  it('assigns a lead to an advisor with the 24-hour promise; the advisor sees only their leads and moves only those', async () => {
    const created = await contact('wf.tres@gmail.com');
    const other = await contact('wf.cuatro@gmail.com');
    const [lead] = await leadOf('wf.tres@gmail.com', at(other));
    const [notMine] = await leadOf('wf.cuatro@gmail.com', at(other));
    const admin = clients['admin@demo.cl'];
    const assigned = await admin.post(`/api/v1/leads/${lead.id}/assign`, { advisorId });
    expect([assigned.status, assigned.body]).toEqual([200, { id: lead.id, advisorId }]);
    const detail = (await admin.get(`/api/v1/leads/${lead.id}`, at(assigned))).body;
    const captured = Date.parse((await admin.get(`/api/v1/leads/${lead.id}`)).body.createdAt);
    expect(Date.parse(detail.contactDueAt) - captured).toBe(24 * 3600 * 1000);
    expect(detail).toMatchObject({ advisorId, advisorName: 'Camila Herrera', contactOverdue: false });
    expect(detail.timeline[0]).toMatchObject({ kind: 'assigned', advisorName: 'Camila Herrera', actorName: 'Andrés Muñoz' });
    void created;

    const advisor = clients['asesor@demo.cl'];
    const mine = await advisor.get('/api/v1/leads?perPage=100', at(assigned));
    expect(mine.body.items.map((l: { id: string }) => l.id)).toEqual([lead.id]);
    // Asking for another advisor's (or nobody's) leads still answers only their own: the server scopes.
    expect((await advisor.get('/api/v1/leads?advisorId=none')).body.items.map((l: { id: string }) => l.id)).toEqual([lead.id]);
    expect((await advisor.get(`/api/v1/leads/${notMine.id}`)).status).toBe(404);
    expect((await advisor.post(`/api/v1/leads/${notMine.id}/status`, { status: 'rejected', reason: 'No es mío' })).status).toBe(404);
    expect((await advisor.get(`/api/v1/leads/${lead.id}`)).body.can).toEqual({ changeStatus: true, assign: false });
    expect((await advisor.post(`/api/v1/leads/${lead.id}/assign`, { advisorId })).status).toBe(403);
    const moved = await advisor.post(`/api/v1/leads/${lead.id}/status`, { status: 'derivated', reason: 'Llamado, derivado' });
    expect(moved.status).toBe(200);
    expect((await admin.get(`/api/v1/leads?advisorId=${advisorId}&status=derivated`, at(moved))).body.items.map((l: { id: string }) => l.id)).toEqual([
      lead.id,
    ]);
    expect((await admin.get('/api/v1/leads?advisorId=none&perPage=100')).body.items.map((l: { id: string }) => l.id)).toContain(notMine.id);
  });

  it('assigning to someone who is not an enabled advisor is refused; unknown leads are 404', async () => {
    const created = await contact('wf.cinco@gmail.com');
    const [lead] = await leadOf('wf.cinco@gmail.com', at(created));
    const admin = clients['admin@demo.cl'];
    const bad = await admin.post(`/api/v1/leads/${lead.id}/assign`, { advisorId: 'no-es-asesor' });
    expect([bad.status, bad.body.fieldErrors[0].field]).toEqual([400, 'advisorId']);
    expect((await admin.post('/api/v1/leads/no-existe/assign', { advisorId })).status).toBe(404);
    expect((await admin.post('/api/v1/leads/no-existe/status', { status: 'rejected', reason: 'motivo' })).status).toBe(404);
    expect((await admin.get('/api/v1/leads/no-existe')).status).toBe(404);
    const noReason = await admin.post(`/api/v1/leads/${lead.id}/status`, { status: 'rejected' });
    expect([noReason.status, noReason.body.fieldErrors[0].field]).toEqual([400, 'reason']);
    const badStatus = await admin.post(`/api/v1/leads/${lead.id}/status`, { status: 'perdido', reason: 'motivo' });
    expect([badStatus.status, badStatus.body.fieldErrors[0].field]).toEqual([400, 'status']);
  });

  it('filters: status, source, score range, dates, pre-approved; bad filters are 400', async () => {
    const created = await contact('wf.seis@gmail.com', { kind: 'advisor' });
    const [lead] = await leadOf('wf.seis@gmail.com', at(created));
    const admin = clients['admin@demo.cl'];
    const pre = await admin.post(`/api/v1/leads/${lead.id}/pre-approval`, {});
    expect(pre.status).toBe(200);
    const list = async (q: string) => (await admin.get(`/api/v1/leads?perPage=100&${q}`, at(pre))).body.items.map((l: { id: string }) => l.id);
    expect(await list('preApproved=true')).toEqual([lead.id]);
    expect(await list('preApproved=false')).not.toContain(lead.id);
    expect(await list('source=advisor_request')).toContain(lead.id);
    expect(await list('source=contact_request')).not.toContain(lead.id);
    const { score, createdAt } = (await admin.get(`/api/v1/leads/${lead.id}`)).body;
    expect(await list(`scoreMin=${score}&scoreMax=${score}`)).toContain(lead.id);
    expect(await list(`scoreMin=${score + 1}`)).not.toContain(lead.id);
    const day = createdAt.slice(0, 10);
    expect(await list(`from=${day}&to=${day}`)).toContain(lead.id);
    expect(await list('to=2020-01-01')).toEqual([]);
    for (const q of ['from=2026-02-30', 'scoreMin=101', 'from=2026-12-01&to=2026-11-01', 'preApproved=quizas', 'status=perdido'])
      expect([q, (await admin.get(`/api/v1/leads?${q}`)).status]).toEqual([q, 400]);
  });

  it('analysts and auditors read every lead and change nothing; buyers and company users do not see leads', async () => {
    const created = await contact('wf.siete@gmail.com');
    const [lead] = await leadOf('wf.siete@gmail.com', at(created));
    for (const email of ['analista@demo.cl', 'auditor@demo.cl']) {
      const reader = clients[email];
      expect((await reader.get(`/api/v1/leads/${lead.id}`)).body).toMatchObject({ id: lead.id, can: { changeStatus: false, assign: false } });
      expect((await reader.get('/api/v1/leads?perPage=100')).body.items.length).toBeGreaterThan(1);
      expect((await reader.post(`/api/v1/leads/${lead.id}/status`, { status: 'rejected', reason: 'motivo' })).status).toBe(403);
      expect((await reader.post(`/api/v1/leads/${lead.id}/assign`, { advisorId })).status).toBe(403);
    }
    for (const email of ['empresa@demo.cl', 'usuario@demo.cl']) expect((await clients[email].get('/api/v1/leads')).status).toBe(403);
  });
});
