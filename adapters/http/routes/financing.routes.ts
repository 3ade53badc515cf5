import { chileDate } from '../../../application/financing/uf-service';
import { listUfValues } from '../../../read-models/uf-values/uf-values.projection';
import type { HttpDeps } from '../deps';
import { route, type RouteDef } from '../route';
import { financingEndpoints } from '../../../contract/endpoints/financing';
import { eventPosition } from './route-helpers';

/** UF of the day and the mortgage calculator. */
export const financingRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(financingEndpoints.getUf, {
    summary: "The UF that applies today (Chile's date) or on ?date=: the value and the day it belongs to",
    tag: 'financing',
    access: 'public',
    responses: { 200: '{ value, date, requestedDate }', 404: 'NOT_FOUND: no UF on or before that day' },
    handler: async ({ query, meta }) => deps.uf.valueOn(query.date ?? chileDate(meta.now)),
  }),
  route(financingEndpoints.getUfValues, {
    summary: 'The UF table, newest first (from/to inclusive)',
    tag: 'financing',
    access: 'public',
    handler: async ({ query }) => listUfValues(deps.readStore, query),
  }),
  route(financingEndpoints.postUf, {
    summary: 'Record UF values (a correction of a known day is recorded as such)',
    tag: 'financing',
    access: 'financial-parameters:manage',
    responses: { 200: 'Recorded', 400: 'INVALID_UF_VALUE / VALIDATION_FAILED' },
    handler: async ({ body, res, meta }) => {
      const result = await deps.uf.record(body.values, 'admin', meta);
      eventPosition(res, result.position);
      return { recorded: result.events.length > 0, events: result.events.map((e) => e.type) };
    },
  }),
  route(financingEndpoints.getFinancingDefaults, {
    summary:
      "The calculator's defaults: the financial parameters in force (rate, term, down payment, debt ratio, insurance, operating costs), the loan amount and rate convention it starts from",
    tag: 'financing',
    access: 'public',
    responses: {
      200: '{ principalUF, convention, annualRatePercent, termYears, maxDebtRatioPercent, downPaymentPercent, desgravamenMonthlyRatePercent, fireEarthquakeMonthlyRatePercent, upfrontCostsUF }',
    },
    handler: async () => deps.financing.defaults(),
  }),
  route(financingEndpoints.postFinancingSimulate, {
    summary:
      'Mortgage dividend in UF and CLP (annuity formula, nominal or effective monthly rate), insurance, down payment with company and real-estate contributions, minimum income, CAE',
    tag: 'financing',
    access: 'public',
    responses: {
      200: '{ monthlyPaymentUF, monthlyPaymentCLP, ufValue, ufDate, insurance, totalMonthlyPaymentUF/CLP, minimumIncomeCLP, totalInterestUF/CLP, totalPaidUF/CLP, principalCLP, cae, convention, downPayment (every amount in UF and CLP) }',
      404: 'NOT_FOUND: the UF table has no value on or before `date`',
      422: 'BUSINESS_RULE_VIOLATION: the down payment and the contributions exceed the price of the unit',
    },
    handler: async ({ body, auth }) => deps.financing.simulate(body, auth?.principal.user.userId ?? null),
  }),
];
