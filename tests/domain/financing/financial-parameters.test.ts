import { financialParametersDecider } from '../../../domain/financing/financial-parameters.decide';
import type { FinancialParametersEvent, ParameterFields } from '../../../domain/financing/financial-parameters';
import { DeciderSpecification, testMeta } from '../../support/decider-spec';

const spec = DeciderSpecification(financialParametersDecider);
const meta = testMeta({ actorId: 'admin-1' });
const rate: ParameterFields = {
  name: 'Tasa de interés anual',
  description: 'Tasa del crédito',
  value: 4,
  category: 'RATES',
  type: 'percentage',
  minValue: 0,
  maxValue: 30,
  active: true,
};
const created = (id: string, fields: ParameterFields = rate): FinancialParametersEvent => ({
  type: 'FinancialParameterCreated',
  data: { parameterId: id, ...fields, createdBy: 'admin-1', createdAt: meta.now.toISOString() },
});
const fieldsOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (e) {
    return (e as { fieldErrors: { field: string }[] }).fieldErrors.map((f) => f.field);
  }
  return [];
};
const decide = (events: FinancialParametersEvent[], command: Parameters<typeof financialParametersDecider.decide>[0]) => () =>
  financialParametersDecider.decide(command, events.reduce(financialParametersDecider.evolve, financialParametersDecider.initialState()), meta);

describe('financial parameters', () => {
  it('creates a parameter with who and when', () => {
    spec
      .given([])
      .when({ type: 'CreateFinancialParameter', parameterId: 'rate', fields: rate }, meta)
      .then([created('rate')]);
  });

  it('a name is unique, whatever its case and spaces', () => {
    spec
      .given([created('rate')])
      .when({ type: 'CreateFinancialParameter', parameterId: 'other', fields: { ...rate, name: '  TASA de interés anual ' } }, meta)
      .thenThrows('VALIDATION_FAILED');
    expect(
      fieldsOf(decide([created('rate')], { type: 'CreateFinancialParameter', parameterId: 'other', fields: { ...rate, name: 'tasa de interés anual' } })),
    ).toEqual(['name']);
  });

  it('the value must match its type (spec §5)', () => {
    const bad = (fields: Partial<ParameterFields>) =>
      fieldsOf(decide([], { type: 'CreateFinancialParameter', parameterId: 'p', fields: { ...rate, minValue: null, maxValue: null, ...fields } }));
    expect(bad({ type: 'percentage', value: 101 })).toEqual(['value']);
    expect(bad({ type: 'days', value: 2.5 })).toEqual(['value']);
    expect(bad({ type: 'currency', value: -1 })).toEqual(['value']);
    expect(bad({ type: 'currency', value: 1.234 })).toEqual(['value']);
    expect(bad({ type: 'rate', value: 0.015 })).toEqual([]);
    expect(bad({ type: 'number', value: -7 })).toEqual([]);
  });

  it('the value must lie within min and max, and min may not exceed max', () => {
    expect(fieldsOf(decide([], { type: 'CreateFinancialParameter', parameterId: 'p', fields: { ...rate, value: 31 } }))).toEqual(['value']);
    expect(fieldsOf(decide([], { type: 'CreateFinancialParameter', parameterId: 'p', fields: { ...rate, minValue: 10, maxValue: 5, value: 7 } }))).toEqual([
      'minValue',
    ]);
  });

  it('a change records what changed, what it was, why, who and when', () => {
    spec
      .given([created('rate')])
      .when(
        {
          type: 'ChangeFinancialParameter',
          parameterId: 'rate',
          changes: { value: 4.5, name: 'Tasa de interés anual' },
          reason: 'Alza de tasas',
          expectedVersion: 0,
        },
        meta,
      )
      .then([
        {
          type: 'FinancialParameterChanged',
          data: {
            parameterId: 'rate',
            changes: { value: 4.5 },
            previous: { value: 4 },
            reason: 'Alza de tasas',
            changedBy: 'admin-1',
            changedAt: meta.now.toISOString(),
          },
        },
      ]);
  });

  it("an edit over someone else's change is refused (the parameter's own version), a change without reason too", () => {
    const changed: FinancialParametersEvent = {
      type: 'FinancialParameterChanged',
      data: { parameterId: 'rate', changes: { value: 5 }, previous: { value: 4 }, reason: 'x', changedBy: 'a', changedAt: 'b' },
    };
    spec
      .given([created('rate'), changed])
      .when({ type: 'ChangeFinancialParameter', parameterId: 'rate', changes: { value: 6 }, reason: 'y', expectedVersion: 0 }, meta)
      .thenThrows('PRECONDITION_FAILED');
    expect(fieldsOf(decide([created('rate')], { type: 'ChangeFinancialParameter', parameterId: 'rate', changes: { value: 6 }, reason: ' ' }))).toEqual([
      'reason',
    ]);
  });

  it('changing to the same values records nothing; an unknown parameter is not found', () => {
    spec
      .given([created('rate')])
      .when({ type: 'ChangeFinancialParameter', parameterId: 'rate', changes: { value: 4 }, reason: 'nada' }, meta)
      .thenNothingHappens();
    spec
      .given([])
      .when({ type: 'ChangeFinancialParameter', parameterId: 'toString', changes: { value: 4 }, reason: 'x' }, meta)
      .thenThrows('NOT_FOUND');
  });

  it('a template keeps named values, each checked against its parameter; applying it changes what differs, with the reason', () => {
    const saved: FinancialParametersEvent = {
      type: 'FinancialParameterTemplateSaved',
      data: { templateId: 't1', name: 'Banco Estado 2027', description: '', values: { rate: 4.5 }, savedBy: 'admin-1', savedAt: meta.now.toISOString() },
    };
    spec
      .given([created('rate')])
      .when({ type: 'SaveParameterTemplate', templateId: 't1', name: ' Banco Estado 2027 ', description: '', values: { rate: 4.5 } }, meta)
      .then([saved]);
    expect(
      fieldsOf(
        decide([created('rate')], { type: 'SaveParameterTemplate', templateId: 't2', name: 'Fuera de rango', description: '', values: { rate: 45, other: 1 } }),
      ),
    ).toEqual(['values.rate', 'values.other']);
    expect(
      fieldsOf(
        decide([created('rate'), saved], { type: 'SaveParameterTemplate', templateId: 't3', name: 'banco estado 2027', description: '', values: { rate: 5 } }),
      ),
    ).toEqual(['name']);
    spec
      .given([created('rate'), saved])
      .when({ type: 'ApplyParameterTemplate', templateId: 't1', reason: 'Convenio 2027' }, meta)
      .then([
        {
          type: 'FinancialParameterChanged',
          data: {
            parameterId: 'rate',
            changes: { value: 4.5 },
            previous: { value: 4 },
            reason: 'Plantilla «Banco Estado 2027»: Convenio 2027',
            changedBy: 'admin-1',
            changedAt: meta.now.toISOString(),
          },
        },
        {
          type: 'FinancialParameterTemplateApplied',
          data: { templateId: 't1', reason: 'Convenio 2027', appliedBy: 'admin-1', appliedAt: meta.now.toISOString() },
        },
      ]);
    spec
      .given([created('rate')])
      .when({ type: 'ApplyParameterTemplate', templateId: 'nope', reason: 'x' }, meta)
      .thenThrows('NOT_FOUND');
  });
});
