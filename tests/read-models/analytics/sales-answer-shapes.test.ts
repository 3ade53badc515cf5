import v8 from 'node:v8';
import { salesAnalytics } from '../../../read-models/sales-analytics/sales-analytics.queries';
import { salesAnalyticsProjection } from '../../../read-models/sales-analytics/sales-analytics.projection';
import { projectionSpec, recordedEvent } from '../../support/projection-spec';

/**
 * The sales answer's rows keep one hidden class per kind even after the read store parsed documents keyed by
 * ids (sales-answer-rows.ts says why it matters: at a million events a row of its own hidden class each made
 * the query twice as slow). V8's own %HaveSameMap says whether two rows share one; nothing here is timed.
 */
v8.setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: unknown, b: unknown) => boolean;

const noon = (day: string) => ({ occurredAt: `${day}T15:00:00.000Z` });
const PROJECTS = ['p1', 'p2', 'p3'];
const TYPOLOGIES = ['1D1B', '2D2B', '3D2B'];

const history = () => {
  const events = PROJECTS.flatMap((p, i) => [
    recordedEvent(
      `project-${p}`,
      0,
      'ProjectCreated',
      { projectId: p, name: `Proyecto ${p}`, realEstate: { companyId: `re${i % 2}`, name: 'Inmobiliaria' } },
      noon('2026-01-02'),
    ),
    ...TYPOLOGIES.map((t, j) =>
      recordedEvent(`unit-${p}-${j}`, 0, 'UnitAdded', { unitId: `${p}-${j}`, projectId: p, typology: t, regularPrice: 3000 + j }, noon('2026-01-02')),
    ),
  ]);
  events.push(
    recordedEvent(
      'collaborator-c1',
      0,
      'CollaboratorEnrolled',
      { collaboratorId: 'c1', companyId: 'banco', userId: 'b1', companyContributionUF: 100 },
      noon('2026-01-02'),
    ),
  );
  PROJECTS.forEach((p, i) =>
    TYPOLOGIES.forEach((t, j) => {
      const id = `r-${p}-${j}`;
      const day = `2026-02-${String(10 + i * 3 + j).padStart(2, '0')}`;
      events.push(
        recordedEvent(
          `reservation-${id}`,
          0,
          'ReservationRequested',
          { reservationId: id, unitId: `${p}-${j}`, projectId: p, buyerId: 'b1', amountCLP: 100000 },
          noon(day),
        ),
        recordedEvent(`reservation-${id}`, 1, 'ReservationUnitHeld', { reservationId: id }, noon(day)),
        recordedEvent(`reservation-${id}`, 2, 'ReservationConfirmed', { reservationId: id }, noon(day)),
        recordedEvent(
          `quote-${id}`,
          0,
          'QuoteIssued',
          { quoteId: id, userId: 'b1', project: { projectId: p }, unit: { unitId: `${p}-${j}`, typology: t } },
          noon(day),
        ),
      );
    }),
  );
  return events;
};

/**
 * What the leads' day shards do to V8 (`rows.<leadId>`): objects of every small size whose first keys are
 * thousands of different ids, parsed and kept, as the read store keeps its documents.
 */
const documentsKeyedByIds = (): unknown[] => {
  const kept: unknown[] = [];
  for (let size = 1; size <= 16; size++)
    for (let i = 0; i < 2_000; i++)
      kept.push(JSON.parse(JSON.stringify(Object.fromEntries(Array.from({ length: size }, (_, k) => [`lead-${size}-${i}-${k}`, { status: 'new' }])))));
  return kept;
};

const allShareOneMap = (rows: readonly object[]): boolean => rows.every((row) => haveSameMap(row, rows[0]));

describe('sales answer rows', () => {
  it('keep one hidden class per kind after documents keyed by ids were parsed', async () => {
    const { store } = await projectionSpec([salesAnalyticsProjection]).given(history());
    const documents = documentsKeyedByIds();
    const answer = await salesAnalytics(store, { from: '2026-02-01', to: '2026-02-28', granularity: 'day' });

    expect(answer.byTypology).toHaveLength(PROJECTS.length * TYPOLOGIES.length);
    expect(answer.byProject).toHaveLength(PROJECTS.length);
    expect(answer.series).toHaveLength(28);
    expect(allShareOneMap(answer.byTypology)).toBe(true);
    expect(allShareOneMap(answer.byProject)).toBe(true);
    expect(allShareOneMap(answer.byRealEstateCompany)).toBe(true);
    expect(allShareOneMap(answer.series)).toBe(true);
    expect(documents).toHaveLength(16 * 2_000);
  });
});
