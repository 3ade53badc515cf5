import { dec, ufToClp } from '../../domain/financing/decimal';
import { annuityPayment, monthlyRate } from '../../domain/financing/mortgage';
import { startTestApp, type TestApp } from '../support/test-app';
import { readModelsCaughtUp } from '../support/buyers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await readModelsCaughtUp(app);
});
afterAll(() => app.stop());

describe('UF of the day', () => {
  it("answers today's UF (Chile's date) and the day it belongs to", async () => {
    const res = await app.client().get('/api/v1/uf');
    expect(res.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
    expect(res.body).toEqual({ value: expect.any(Number), date: today <= '2026-12-31' ? today : '2026-12-31', requestedDate: today });
  });

  it('uses the latest value on or before a day, and says so', async () => {
    expect((await app.client().get('/api/v1/uf?date=2025-06-15')).body).toEqual({ date: '2025-06-15', value: expect.any(Number), requestedDate: '2025-06-15' });
    expect((await app.client().get('/api/v1/uf?date=2031-01-01')).body).toMatchObject({ date: '2026-12-31', requestedDate: '2031-01-01' });
    const before = await app.client().get('/api/v1/uf?date=2020-01-01');
    expect(before.status).toBe(404);
    expect((await app.client().get('/api/v1/uf?date=ayer')).status).toBe(400);
  });

  it('admins record a new value (event-sourced, with who); others may not', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const recorded = await admin.post('/api/v1/uf', { values: [{ date: '2027-01-01', value: 40980.12 }] });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toEqual({ recorded: true, events: ['UfValuesPublished'] });
    expect((await app.client().get('/api/v1/uf?date=2027-01-05')).body).toEqual({ date: '2027-01-01', value: 40980.12, requestedDate: '2027-01-05' });
    const corrected = await admin.post('/api/v1/uf', { values: [{ date: '2027-01-01', value: 40980.21 }] });
    expect(corrected.body.events).toEqual(['UfValueCorrected']);
    const invalid = await admin.post('/api/v1/uf', { values: [{ date: '2027-01-02', value: 40980.123 }] });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'INVALID_UF_VALUE', message: 'El valor en UF no es válido.' });
    const buyer = app.client();
    await buyer.login('usuario@demo.cl');
    expect((await buyer.post('/api/v1/uf', { values: [{ date: '2027-01-03', value: 40980.5 }] })).status).toBe(403);
    await readModelsCaughtUp(app);
    const table = (await app.client().get('/api/v1/uf/values?from=2027-01-01&to=2027-01-31')).body.items;
    expect(table).toEqual([expect.objectContaining({ date: '2027-01-01', value: 40980.21, previousValue: 40980.12, correctedBy: expect.any(String) })]);
  });
});

describe('POST /api/v1/financing/simulate', () => {
  it('refuses a debt-to-income ratio below 1 % (a minimum income too large to write)', async () => {
    const res = await app.client().post('/api/v1/financing/simulate', { maxDebtRatioPercent: 5e-324 });
    expect([res.status, res.body.fieldErrors]).toEqual([400, [{ field: 'maxDebtRatioPercent', code: 'MIN_VALUE', message: 'El valor mínimo es 1.' }]]);
  });

  it('defaults to spec §9 (3000 UF, 4.00 %, 20 years, 25 %) with the nominal convention at the day UF', async () => {
    const res = await app.client().post('/api/v1/financing/simulate', {});
    expect(res.status).toBe(200);
    const uf = (await app.client().get('/api/v1/uf')).body;
    expect(res.body).toMatchObject({
      principalUF: 3000,
      annualRatePercent: 4,
      termYears: 20,
      termMonths: 240,
      convention: 'nominal',
      monthlyPaymentUF: 18.1794,
      ufValue: uf.value,
      ufDate: uf.date,
      maxDebtRatioPercent: 25,
      insurance: { desgravamenUF: 0.45, fireEarthquakeUF: 0.75 },
      totalMonthlyPaymentUF: 19.3794,
      cae: 4.65,
    });
    // Whole pesos from the exact dividend, not from the 4-decimal UF shown.
    expect(res.body.monthlyPaymentCLP).toBe(ufToClp(annuityPayment(dec(3000), monthlyRate(4, 'nominal'), 240), uf.value));
    expect(Number.isInteger(res.body.monthlyPaymentCLP) && Number.isInteger(res.body.minimumIncomeCLP)).toBe(true);
    expect(res.body.minimumIncomeCLP).toBeGreaterThanOrEqual(Math.round(res.body.totalMonthlyPaymentCLP * 4) - 2);
  });

  it('takes every parameter: effective convention, term, rate, insurance, date', async () => {
    const res = await app.client().post('/api/v1/financing/simulate', {
      principalUF: 2500,
      annualRatePercent: 4.5,
      termYears: 30,
      convention: 'effective',
      desgravamenMonthlyRatePercent: 0,
      fireEarthquakeMonthlyRatePercent: 0,
      date: '2025-03-01',
    });
    expect(res.body).toMatchObject({ convention: 'effective', termMonths: 360, ufDate: '2025-03-01', insurance: { desgravamenUF: 0, fireEarthquakeUF: 0 } });
    expect(res.body.monthlyPaymentUF).toBeCloseTo(12.5, 0);
  });

  it("a signed-in collaborator's company contribution goes into the pie", async () => {
    const collaborator = app.client();
    await collaborator.login('colaborador@demo.cl');
    const res = await collaborator.post('/api/v1/financing/simulate', { priceUF: 4000, downPaymentPercent: 10 });
    expect(res.body.companyContributionSource).toBe('collaborator');
    expect(res.body.downPayment).toMatchObject({ buyerUF: 400, companyContributionUF: 150, totalUF: 550, totalPercent: 13.75, loanUF: 3450 });
    expect(res.body.principalUF).toBe(3450);
    const anonymous = await app.client().post('/api/v1/financing/simulate', { priceUF: 4000, downPaymentPercent: 10, realEstateContributionUF: 200 });
    expect(anonymous.body.downPayment).toMatchObject({ companyContributionUF: 0, realEstateContributionUF: 200, loanUF: 3400 });
  });

  it("every UF amount comes with its CLP twin at the named day's UF, rounded half up to the peso", async () => {
    const res = await app
      .client()
      .post('/api/v1/financing/simulate', { priceUF: 4321.5, downPaymentPercent: 15, realEstateContributionUF: 123.45, subsidyUF: 10 });
    expect(res.status).toBe(200);
    const uf = res.body.ufValue as number;
    const clp = (amountUF: number) => Math.round(Number((amountUF * uf).toFixed(6)));
    // The server converts the exact UF amount; the UF shown is rounded to 4 decimals, so a peso or two apart.
    const near = (name: string, amountCLP: number, amountUF: number) =>
      expect([name, Math.abs(amountCLP - clp(amountUF)) <= Math.ceil(uf * 0.00005)]).toEqual([name, true]);
    for (const name of ['monthlyPayment', 'totalMonthlyPayment', 'totalInterest', 'totalPaid', 'upfrontCosts', 'principal'])
      near(name, res.body[`${name}CLP`], res.body[`${name}UF`]);
    expect(Number.isInteger(res.body.totalPaidCLP)).toBe(true);
    for (const name of ['price', 'buyer', 'companyContribution', 'realEstateContribution', 'subsidy', 'total', 'loan'])
      expect([name, res.body.downPayment[`${name}CLP`]]).toEqual([name, clp(res.body.downPayment[`${name}UF`])]);
  });

  it('refuses impossible values with the catalogue message at the field', async () => {
    const res = await app.client().post('/api/v1/financing/simulate', { termYears: 0, annualRatePercent: -1 });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['annualRatePercent', 'termYears']);
    const over = await app.client().post('/api/v1/financing/simulate', { priceUF: 1000, downPaymentPercent: 95, companyContributionUF: 100 });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('BUSINESS_RULE_VIOLATION');
  });
});
