import { startTestApp, type TestApp } from '../support/test-app';
import { at } from '../support/api-client';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  // Without the demo catalogue there is no UF table: the simulator needs the day's UF.
  const client = app.client();
  await client.login('admin@demo.cl');
  const today = new Date(Date.now() - 4 * 3600_000).toISOString().slice(0, 10);
  const recorded = await client.post('/api/v1/uf', { values: [{ date: today, value: 39_500 }] });
  expect(recorded.status).toBe(200);
});
afterAll(() => app.stop());

const admin = async () => {
  const client = app.client();
  await client.login('admin@demo.cl');
  return client;
};
const simulation = { principalUF: 3000, annualRatePercent: 4, termYears: 20 };

describe('financial parameters', () => {
  it('the values the simulator used as constants are seeded as parameters', async () => {
    const res = await (await admin()).get('/api/v1/financial-parameters');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.items.map((p: { id: string }) => [p.id, p]));
    expect(byId['tasa-interes-anual']).toMatchObject({
      value: 4,
      category: 'RATES',
      type: 'percentage',
      active: true,
      version: 0,
      modifiedBy: 'system',
      modifiedByName: null,
    });
    expect(byId['seguro-desgravamen-mensual']).toMatchObject({ value: 0.015, category: 'INSURANCE', type: 'rate' });
    expect(byId['plazo-credito-anos']).toMatchObject({ value: 20, category: 'PERIODS' });
  });

  it('a change of an insurance parameter changes the next simulation; the quote-free calculator needs no restart', async () => {
    const client = await admin();
    const before = await app.client().post('/api/v1/financing/simulate', simulation);
    expect(before.status).toBe(200);
    const current = await client.get('/api/v1/financial-parameters/seguro-desgravamen-mensual');
    const changed = await client.patch(
      '/api/v1/financial-parameters/seguro-desgravamen-mensual',
      { value: 0.03, reason: 'Nueva póliza colectiva' },
      { 'If-Match': current.headers.get('etag')! },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ value: 0.03, version: 1, modifiedByName: expect.stringContaining('Andrés') });
    expect(changed.headers.get('etag')).toBe('W/"1"');
    const after = await app.client().post('/api/v1/financing/simulate', simulation);
    expect(after.body.monthlyPaymentUF).toBe(before.body.monthlyPaymentUF);
    expect(after.body.insurance.desgravamenUF).toBeGreaterThan(before.body.insurance.desgravamenUF);
    expect(after.body.totalMonthlyPaymentUF).toBeGreaterThan(before.body.totalMonthlyPaymentUF);
  });

  it('a change of the rate parameter changes a simulation that leaves the rate out', async () => {
    const client = await admin();
    const { annualRatePercent: _r, ...withoutRate } = simulation;
    const before = await app.client().post('/api/v1/financing/simulate', withoutRate);
    const current = await client.get('/api/v1/financial-parameters/tasa-interes-anual');
    await client.patch(
      '/api/v1/financial-parameters/tasa-interes-anual',
      { value: 5.5, reason: 'Alza de tasas' },
      { 'If-Match': current.headers.get('etag')! },
    );
    const after = await app.client().post('/api/v1/financing/simulate', withoutRate);
    expect(after.body.monthlyPaymentUF).toBeGreaterThan(before.body.monthlyPaymentUF);
  });

  it('keeps every change with who, when and why, newest first', async () => {
    const res = await (await admin()).get('/api/v1/financial-parameters/seguro-desgravamen-mensual/history');
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({
      event: 'changed',
      reason: 'Nueva póliza colectiva',
      changes: [{ field: 'value', before: 0.015, after: 0.03 }],
      actorName: expect.any(String),
    });
    expect(res.body.items.at(-1)).toMatchObject({ event: 'created', actor: 'system', actorName: null });
  });

  it("an edit over someone else's change is 412, without If-Match 428, and nothing is written", async () => {
    const client = await admin();
    const stale = await client.patch('/api/v1/financial-parameters/plazo-credito-anos', { value: 25, reason: 'x' }, { 'If-Match': 'W/"7"' });
    expect([stale.status, stale.body.code]).toEqual([412, 'PRECONDITION_FAILED']);
    const missing = await client.patch('/api/v1/financial-parameters/plazo-credito-anos', { value: 25, reason: 'x' });
    expect([missing.status, missing.body.code]).toEqual([428, 'PRECONDITION_REQUIRED']);
    expect((await client.get('/api/v1/financial-parameters/plazo-credito-anos')).body).toMatchObject({ value: 20, version: 0 });
  });

  it('creates a parameter; refuses a taken name, a value that does not match its type or bounds, every error at once', async () => {
    const client = await admin();
    const fields = {
      name: 'Impuesto de timbres y estampillas',
      description: 'Sobre el monto del crédito',
      value: 0.8,
      category: 'TAXES',
      type: 'percentage',
      minValue: 0,
      maxValue: 1,
      active: true,
    };
    const created = await client.post('/api/v1/financial-parameters', fields);
    expect(created.status).toBe(201);
    const read = await client.get(`/api/v1/financial-parameters/${created.body.id}`, at(created));
    expect(read.body).toMatchObject({ ...fields, version: 0 });
    const taken = await client.post('/api/v1/financial-parameters', { ...fields, name: 'IMPUESTO de timbres y estampillas ' });
    expect([taken.status, taken.body.fieldErrors]).toEqual([
      400,
      [expect.objectContaining({ field: 'name', message: 'Ya existe un parámetro con este nombre.' })],
    ]);
    const badType = await client.post('/api/v1/financial-parameters', {
      ...fields,
      name: 'Días de gracia',
      type: 'days',
      value: 1.5,
      minValue: null,
      maxValue: null,
    });
    expect(badType.body.fieldErrors).toEqual([expect.objectContaining({ field: 'value', message: 'Los días son un número entero positivo.' })]);
    const outOfBounds = await client.post('/api/v1/financial-parameters', { ...fields, name: 'Otra tasa', value: 2 });
    expect(outOfBounds.body.fieldErrors).toEqual([expect.objectContaining({ field: 'value', code: 'MAX_VALUE' })]);
    const shape = await client.post('/api/v1/financial-parameters', { name: '', value: 'x', category: 'OTHER' });
    expect(shape.status).toBe(400);
    expect(shape.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual([
      'active',
      'category',
      'description',
      'maxValue',
      'minValue',
      'name',
      'type',
      'value',
    ]);
  });

  it('only admins and super-admins configure parameters', async () => {
    const auditor = app.client();
    await auditor.login('auditor@demo.cl');
    expect((await auditor.get('/api/v1/financial-parameters')).status).toBe(403);
    expect((await app.client().get('/api/v1/financial-parameters')).status).toBe(401);
  });

  it('saves the current values as a template and applies another template: each differing parameter changes, with the reason in its history', async () => {
    const client = await admin();
    const snapshot = await client.post('/api/v1/financial-parameters/templates', { name: 'Valores de hoy', description: 'Respaldo antes del convenio' });
    expect(snapshot.status).toBe(201);
    const offer = await client.post('/api/v1/financial-parameters/templates', {
      name: 'Convenio banco 2027',
      description: '',
      values: { 'tasa-interes-anual': 3.9, 'plazo-credito-anos': 25 },
    });
    expect(offer.status).toBe(201);
    const bad = await client.post('/api/v1/financial-parameters/templates', { name: 'Imposible', description: '', values: { 'tasa-interes-anual': 99 } });
    expect([bad.status, bad.body.fieldErrors[0]?.field]).toEqual([400, 'values.tasa-interes-anual']);
    const list = await client.get('/api/v1/financial-parameters/templates', at(offer));
    expect(list.body.items.map((t: { name: string }) => t.name)).toEqual(['Convenio banco 2027', 'Valores de hoy']);
    const applied = await client.post(`/api/v1/financial-parameters/templates/${offer.body.id}/apply`, { reason: 'Entra en vigencia el convenio' });
    expect(applied.body).toEqual({ templateId: offer.body.id, changed: 2 });
    const term = await client.get('/api/v1/financial-parameters/plazo-credito-anos', at(applied));
    expect(term.body.value).toBe(25);
    const history = await client.get('/api/v1/financial-parameters/plazo-credito-anos/history');
    expect(history.body.items[0].reason).toBe('Plantilla «Convenio banco 2027»: Entra en vigencia el convenio');
    const back = await client.post(`/api/v1/financial-parameters/templates/${snapshot.body.id}/apply`, { reason: 'Vuelta atrás' });
    expect(back.body.changed).toBeGreaterThanOrEqual(2);
    expect((await client.get('/api/v1/financial-parameters/plazo-credito-anos', at(back))).body.value).toBe(20);
  });

  it("the calculator's defaults (public) are the parameters in force: the web starts from them", async () => {
    const client = await admin();
    for (const [id, value] of [
      ['tasa-interes-anual', 4.5],
      ['plazo-credito-anos', 30],
    ] as const) {
      const current = await client.get(`/api/v1/financial-parameters/${id}`);
      const changed = await client.patch(
        `/api/v1/financial-parameters/${id}`,
        { value, reason: 'Oferta del banco' },
        { 'If-Match': current.headers.get('etag')! },
      );
      expect(changed.status).toBe(200);
    }
    const defaults = await app.client().get('/api/v1/financing/defaults');
    expect(defaults.status).toBe(200);
    expect(defaults.body).toMatchObject({ principalUF: 3000, convention: 'nominal', annualRatePercent: 4.5, termYears: 30, maxDebtRatioPercent: 25 });
    const simulated = await app.client().post('/api/v1/financing/simulate', { principalUF: 3000 });
    expect(simulated.body).toMatchObject({ annualRatePercent: 4.5, termYears: 30 });
  });
});
