import type { ApiRequest } from '../../web/src/shared/api/port';
import type { FinancingDefaults, Simulation } from '../../contract/financing';
import {
  chartSlicesOf,
  initialCalculatorValues,
  shownResult,
  simulationKey,
  simulationRequestOf,
  validateCalculator,
  type CalculatorUnit,
} from '../../web/src/features/quotes/calculator';
import { fetchMyQuotes } from '../../web/src/features/quotes/api/quotes-api';
import { dateRangeError, parseMyQuotesQuery, readQuotesQuery } from '../../web/src/features/quotes/quotes-query';
import { listQueryToSearch } from '../../web/src/shared/api/list-query';
import { quotesSaga } from '../../web/src/features/quotes/sagas';
import { quoteEmailRequested, simulationRequested } from '../../web/src/features/quotes/slice';
import { apiError, createHarness, fakeApi, settle } from './support/saga-harness';

const unit: CalculatorUnit = { id: 'p1-201', unitNumber: '201', priceUF: 4859, downPaymentPercent: 20, realEstateContributionUF: 486 };

const simulation = (over: Partial<Simulation> = {}): Simulation => ({
  convention: 'nominal',
  principalUF: 3251.2,
  annualRatePercent: 4,
  termYears: 20,
  termMonths: 240,
  ufValue: 40877.18,
  monthlyPaymentUF: 19.7016,
  monthlyPaymentCLP: 805347,
  insurance: { desgravamenUF: 0.4877, desgravamenCLP: 19935, fireEarthquakeUF: 1.2148, fireEarthquakeCLP: 49656 },
  totalMonthlyPaymentUF: 21.4041,
  totalMonthlyPaymentCLP: 874938,
  maxDebtRatioPercent: 25,
  minimumIncomeUF: 85.6162,
  minimumIncomeCLP: 3499751,
  totalInterestUF: 1477.1918,
  totalInterestCLP: 60383435,
  totalPaidUF: 5086.4054,
  totalPaidCLP: 207917909,
  principalCLP: 132899888,
  cae: 4.87,
  ufDate: '2026-11-22',
  ufRequestedDate: '2026-11-22',
  downPayment: {
    priceUF: 4859,
    buyerUF: 971.8,
    companyContributionUF: 150,
    realEstateContributionUF: 486,
    subsidyUF: 0,
    totalUF: 1607.8,
    totalPercent: 33.09,
    loanUF: 3251.2,
    financingPercent: 66.91,
    priceCLP: 198622218,
    buyerCLP: 39724444,
    companyContributionCLP: 6131577,
    realEstateContributionCLP: 19866309,
    subsidyCLP: 0,
    totalCLP: 65722330,
    loanCLP: 132899888,
  },
  companyContributionSource: 'collaborator',
  ...over,
});

/** What GET /financing/defaults answers once an admin set the rate to 4,5 % and the term to 25 years. */
const inForce: FinancingDefaults = {
  principalUF: 3000,
  convention: 'nominal',
  annualRatePercent: 4.5,
  termYears: 25,
  maxDebtRatioPercent: 25,
  downPaymentPercent: 20,
  desgravamenMonthlyRatePercent: 0.015,
  fireEarthquakeMonthlyRatePercent: 0.025,
  upfrontCostsUF: 0,
};

describe('calculator', () => {
  it('shows no result beside invalid terms or a refusal; keeps the last one while new terms are simulated', () => {
    const valid = simulationRequestOf(initialCalculatorValues(null, inForce), null, 'normal');
    const invalid = simulationRequestOf({ ...initialCalculatorValues(null, inForce), annualRatePercent: 'abc' }, null, 'normal');
    const last = { principalUF: 3000 };
    expect(invalid).toBeNull();
    expect(shownResult(invalid, { status: 'loaded', result: last })).toBeNull();
    expect(shownResult(valid, { status: 'failed', result: last })).toBeNull();
    expect(shownResult(valid, { status: 'loading', result: last })).toBe(last);
    expect(shownResult(valid, { status: 'loaded', result: last })).toBe(last);
  });

  it('starts from the financial parameters in force, not from constants of its own', () => {
    expect(initialCalculatorValues(null, inForce)).toMatchObject({ annualRatePercent: '4,5', termYears: '25' });
    expect(simulationRequestOf(initialCalculatorValues(null, inForce), null, 'normal')).toEqual({
      principalUF: 3000,
      annualRatePercent: 4.5,
      termYears: 25,
      convention: 'nominal',
    });
    expect(initialCalculatorValues({ ...unit, downPaymentPercent: 0 }, inForce).downPaymentPercent).toBe('20');
  });

  it("with a unit, asks with its price and the buyer's down payment; the real-estate contribution only under bonus pricing", () => {
    const values = {
      ...initialCalculatorValues(unit, inForce),
      downPaymentPercent: '25,5',
      annualRatePercent: '4,2',
      termYears: '25',
      convention: 'effective',
    };
    expect(simulationRequestOf(values, unit, 'bonus')).toEqual({
      priceUF: 4859,
      downPaymentPercent: 25.5,
      realEstateContributionUF: 486,
      annualRatePercent: 4.2,
      termYears: 25,
      convention: 'effective',
    });
    expect(simulationRequestOf(values, { ...unit, priceUF: 4417 }, 'normal')).toEqual({
      priceUF: 4417,
      downPaymentPercent: 25.5,
      annualRatePercent: 4.2,
      termYears: 25,
      convention: 'effective',
    });
  });

  it('asks nothing while an input is out of the range the API accepts', () => {
    const base = initialCalculatorValues(null, inForce);
    expect(validateCalculator({ ...base, principalUF: '0' }, false)).toEqual({ principalUF: 'Ingrese un número entre 1 y 100000.' });
    expect(validateCalculator({ ...base, annualRatePercent: 'abc' }, false)).toEqual({ annualRatePercent: 'Ingrese un número.' });
    expect(validateCalculator({ ...base, termYears: '20,5' }, false)).toEqual({ termYears: 'Ingrese un número entero entre 1 y 40.' });
    expect(validateCalculator({ ...base, downPaymentPercent: '95', principalUF: '' }, true)).toEqual({ downPaymentPercent: 'Ingrese un número entre 0 y 90.' });
    expect(simulationRequestOf({ ...base, principalUF: '200000' }, null, 'normal')).toBeNull();
    expect(simulationRequestOf({ ...base, principalUF: '3.500' }, null, 'normal')).toMatchObject({ principalUF: 3500 });
  });

  it('identifies a request whatever the order of its fields', () => {
    expect(simulationKey({ termYears: 20, annualRatePercent: 4, convention: 'nominal' })).toBe(
      simulationKey({ convention: 'nominal', annualRatePercent: 4, termYears: 20 }),
    );
  });

  it('charts how the price is paid (contributions included), or capital against interest for a bare loan', () => {
    expect(chartSlicesOf(simulation())).toEqual({
      title: 'Cómo se paga el precio',
      slices: [
        { label: 'Su pie', valueUF: 971.8 },
        { label: 'Aporte de su empresa', valueUF: 150 },
        { label: 'Aporte de la inmobiliaria (bono pie)', valueUF: 486 },
        { label: 'Crédito hipotecario', valueUF: 3251.2 },
      ],
    });
    expect(chartSlicesOf(simulation({ downPayment: null, principalUF: 3000, totalInterestUF: 1363.2 })).slices).toEqual([
      { label: 'Capital del crédito', valueUF: 3000 },
      { label: 'Intereses', valueUF: 1363.2 },
    ]);
  });
});

describe('quotes sagas (run with runSaga)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('simulates, and a newer request wins over an older one still on its way', async () => {
    const pending: ((v: unknown) => void)[] = [];
    const h = createHarness({
      'POST /financing/simulate': (r: ApiRequest) =>
        new Promise((resolve) => pending.push(() => resolve(simulation({ termYears: (r.body as { termYears: number }).termYears })))),
    });
    h.run(quotesSaga);
    const older = { principalUF: 3000, annualRatePercent: 4, termYears: 20, convention: 'nominal' as const };
    const newer = { ...older, termYears: 30 };
    h.dispatch(simulationRequested(older));
    await settle();
    h.dispatch(simulationRequested(newer));
    await settle();
    pending.forEach((release) => release(undefined));
    await settle();
    expect(h.calls('POST', '/financing/simulate').map((r) => r.body)).toEqual([older, newer]);
    expect(h.state.quotes.simulation).toMatchObject({ key: simulationKey(newer), status: 'loaded', result: { termYears: 30 } });
    h.stop();
  });

  it('keeps a failed simulation as the error object', async () => {
    const h = createHarness({
      'POST /financing/simulate': () => {
        throw apiError(404, 'NOT_FOUND', 'El recurso solicitado no existe.');
      },
    });
    h.run(quotesSaga);
    h.dispatch(simulationRequested({ principalUF: 3000, annualRatePercent: 4, termYears: 20, convention: 'nominal' }));
    await settle();
    expect(h.state.quotes.simulation).toMatchObject({ status: 'failed', error: { code: 'NOT_FOUND' } });
    h.stop();
  });

  it('sends the quote PDF by email: issues the quote, then mails it', async () => {
    const quote = { id: 'q1', number: 'COT-20261122-ABC', validUntil: '2026-11-29T22:28:26.046Z', pdfUrl: '/api/v1/quotes/q1/pdf' };
    const h = createHarness({
      'POST /quotes': () => quote,
      'POST /quotes/q1/email': () => ({ success: true, to: 'colaborador@demo.cl', message: 'Enviamos la cotización a colaborador@demo.cl.' }),
    });
    h.run(quotesSaga);
    h.dispatch(quoteEmailRequested({ unitId: 'p1-201', pricing: 'bonus', downPaymentPercent: 20, annualRatePercent: 4, termYears: 20, convention: 'nominal' }));
    expect(h.state.quotes.delivery.status).toBe('issuing');
    await settle();
    expect(h.calls('POST', '/quotes')[0].body).toEqual({
      unitId: 'p1-201',
      pricing: 'bonus',
      downPaymentPercent: 20,
      annualRatePercent: 4,
      termYears: 20,
      convention: 'nominal',
    });
    expect(h.state.quotes.delivery).toMatchObject({
      status: 'sent',
      quote: { number: 'COT-20261122-ABC' },
      message: 'Enviamos la cotización a colaborador@demo.cl.',
    });
    expect(h.toasts()).toEqual(['Enviamos la cotización a colaborador@demo.cl.']);
    h.stop();
  });

  it('says why a quote could not be issued (the unit was reserved meanwhile)', async () => {
    const h = createHarness({
      'POST /quotes': () => {
        throw apiError(409, 'UNIT_ALREADY_RESERVED', 'Esta unidad ya fue reservada por otro cliente.', ['Explorar otras unidades']);
      },
    });
    h.run(quotesSaga);
    h.dispatch(quoteEmailRequested({ unitId: 'p1-201', pricing: 'normal' }));
    await settle();
    expect(h.state.quotes.delivery).toMatchObject({ status: 'failed', error: { code: 'UNIT_ALREADY_RESERVED' } });
    expect(h.calls('POST', '/quotes/q1/email')).toHaveLength(0);
    h.stop();
  });
});

describe('my quotes filters <-> URL', () => {
  it('keeps valid days and pages, drops the rest, and says when the range is backwards', () => {
    expect(readQuotesQuery(new URLSearchParams('from=2026-13-45&to=2026-11-30&page=0&perPage=7'))).toEqual({
      from: '',
      to: '2026-11-30',
      page: 1,
      perPage: 10,
    });
    expect(listQueryToSearch(parseMyQuotesQuery(new URLSearchParams('from=2026-11-01&page=2&perPage=7'))).toString()).toBe('from=2026-11-01&page=2');
    expect(dateRangeError({ from: '2026-11-30', to: '2026-11-01' })).toMatch(/anterior o igual/);
    expect(dateRangeError({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
  });
});

describe('my quotes list', () => {
  it('asks for the page with the date filters, and nothing for a backwards range', async () => {
    const { api, calls } = fakeApi({ 'GET /quotes/mine': () => ({ items: [{ id: 'q1' }], total: 1, page: 1, perPage: 10 }) });
    const page = await fetchMyQuotes(api, parseMyQuotesQuery(new URLSearchParams('from=2026-11-01&to=2026-11-30')));
    expect(calls('GET', '/quotes/mine')[0].query).toEqual({ from: '2026-11-01', to: '2026-11-30', page: 1, perPage: 10 });
    expect(page.total).toBe(1);
    expect(await fetchMyQuotes(api, parseMyQuotesQuery(new URLSearchParams('from=2026-11-30&to=2026-11-01')))).toMatchObject({ items: [], total: 0 });
    expect(calls('GET', '/quotes/mine')).toHaveLength(1);
  });
});
