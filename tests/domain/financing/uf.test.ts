import { demoUfPublications } from '../../../adapters/seed/demo-catalogue-uf';
import { decimalPlaces } from '../../../domain/financing/decimal';
import { ufDecider, ufOn, type UfEvent } from '../../../domain/financing/uf';
import { DeciderSpecification, testMeta } from '../../support/decider-spec';

const spec = DeciderSpecification(ufDecider);
const admin = testMeta({ actorId: 'admin-1' });
const published = (values: { date: string; value: number }[]): UfEvent => ({
  type: 'UfValuesPublished',
  data: { values, source: 'admin', recordedBy: 'admin-1', recordedAt: '2026-11-22T12:00:00.000Z' },
});

describe('UF table (financial parameter stream)', () => {
  it('records new days with who recorded them', () => {
    spec
      .given([])
      .when({ type: 'RecordUfValues', values: [{ date: '2026-11-22', value: 40877.18 }], source: 'admin' }, admin)
      .then([published([{ date: '2026-11-22', value: 40877.18 }])]);
  });

  it('the same value again is no change; a different value for a known day is a correction', () => {
    const known = [published([{ date: '2026-11-22', value: 40877.18 }])];
    spec
      .given(known)
      .when({ type: 'RecordUfValues', values: [{ date: '2026-11-22', value: 40877.18 }], source: 'admin' }, admin)
      .thenNothingHappens();
    spec
      .given(known)
      .when(
        {
          type: 'RecordUfValues',
          values: [
            { date: '2026-11-22', value: 40877.81 },
            { date: '2026-11-23', value: 40878.5 },
          ],
          source: 'admin',
        },
        admin,
      )
      .then([
        published([{ date: '2026-11-23', value: 40878.5 }]),
        {
          type: 'UfValueCorrected',
          data: {
            date: '2026-11-22',
            previousValue: 40877.18,
            value: 40877.81,
            source: 'admin',
            correctedBy: 'admin-1',
            correctedAt: '2026-11-22T12:00:00.000Z',
          },
        },
      ]);
  });

  it('refuses values that cannot be a UF (INVALID_UF_VALUE) and days that do not exist', () => {
    const record = (date: string, value: number) => spec.given([]).when({ type: 'RecordUfValues', values: [{ date, value }], source: 'admin' }, admin);
    record('2026-11-22', 0).thenThrows('INVALID_UF_VALUE');
    record('2026-11-22', -40000).thenThrows('INVALID_UF_VALUE');
    record('2026-11-22', 40877.185).thenThrows('INVALID_UF_VALUE');
    record('2026-02-30', 40000).thenThrows('VALIDATION_FAILED');
  });

  it('a conversion uses the value of the day, or the latest before it, and says which day', () => {
    const table = [
      published([
        { date: '2026-11-20', value: 40870.01 },
        { date: '2026-11-22', value: 40877.18 },
      ]),
    ].reduce(ufDecider.evolve, ufDecider.initialState());
    expect(ufOn(table, '2026-11-22')).toEqual({ date: '2026-11-22', value: 40877.18 });
    expect(ufOn(table, '2026-11-21')).toEqual({ date: '2026-11-20', value: 40870.01 });
    expect(ufOn(table, '2030-01-01')).toEqual({ date: '2026-11-22', value: 40877.18 });
    expect(ufOn(table, '2026-11-19')).toBeNull();
  });

  it('the demo table covers 2025-2026 day by day, growing month by month like the published one', () => {
    const days = demoUfPublications().flat();
    expect(days).toHaveLength(730);
    expect(days[0].date).toBe('2025-01-01');
    expect(days[days.length - 1].date).toBe('2026-12-31');
    expect(days.every((d) => d.value > 38_000 && d.value < 42_000 && decimalPlaces(d.value) <= 2)).toBe(true);
    // Published monthly: each period runs from the 10th to the 9th.
    expect(demoUfPublications()[1][0].date).toBe('2025-01-10');
  });
});
