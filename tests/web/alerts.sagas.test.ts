import { alertsSaga } from '../../web/src/features/alerts/sagas';
import { alertSetRequested } from '../../web/src/features/alerts/slice';
import { catalogSaga } from '../../web/src/features/catalog/sagas';
import { projectOpened, unitSelected } from '../../web/src/features/catalog/slice';
import { toastRequested, unitStatusStale } from '../../web/src/shared/events';
import { ApiError } from '../../web/src/shared/api/errors';
import { apiError, createHarness, settle } from './support/saga-harness';

const UNIT_AVAILABLE = 'La unidad está disponible: puede reservarla ahora.';

const unitAlert = {
  id: 'a1',
  projectId: 'p1',
  projectName: 'Edificio Parque Ñuñoa',
  unitId: 'p1-302',
  unitNumber: '302',
  status: 'active',
  createdAt: '2026-11-22T22:28:31.114Z',
};
const projectAlert = { ...unitAlert, id: 'a2', unitId: null, unitNumber: null };

describe('availability alerts sagas (run with runSaga)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sets an alert on the selected unit and says the buyer will be emailed when it frees up', async () => {
    const h = createHarness({ 'POST /alerts': () => unitAlert });
    h.run(alertsSaga);
    h.dispatch(alertSetRequested({ projectId: 'p1', unitId: 'p1-302' }));
    expect(h.state.alerts.setting.status).toBe('saving');
    await settle();
    expect(h.calls('POST', '/alerts')[0]).toMatchObject({ body: { projectId: 'p1', unitId: 'p1-302' }, sessionRequired: true });
    expect(h.state.alerts.setting).toMatchObject({ status: 'saved', alert: { id: 'a1' } });
    expect(h.toasts()).toEqual(['Le avisaremos por correo cuando la unidad 302 se libere.']);
    h.stop();
  });

  it('without a unit, sets it on the whole project', async () => {
    const h = createHarness({ 'POST /alerts': () => projectAlert });
    h.run(alertsSaga);
    h.dispatch(alertSetRequested({ projectId: 'p1', unitId: null }));
    await settle();
    expect(h.calls('POST', '/alerts')[0].body).toEqual({ projectId: 'p1' });
    expect(h.toasts()).toEqual(['Le avisaremos por correo cuando haya unidades disponibles en Edificio Parque Ñuñoa.']);
    h.stop();
  });

  it('on 422 (the unit is available right now) shows the error message and sets nothing', async () => {
    const h = createHarness({
      'POST /alerts': () => {
        // As the server answers: the catalogue's general message, the specific reason at the field.
        throw new ApiError(422, {
          code: 'BUSINESS_RULE_VIOLATION',
          message: 'La operación no cumple con las reglas de negocio.',
          severity: 'error',
          fieldErrors: [{ field: 'unitId', code: 'BUSINESS_RULE_VIOLATION', message: UNIT_AVAILABLE }],
          actions: [],
        });
      },
    });
    h.run(alertsSaga);
    h.dispatch(alertSetRequested({ projectId: 'p1', unitId: 'p1-302' }));
    await settle();
    expect(h.state.alerts.setting).toMatchObject({ status: 'failed', alert: null, error: { code: 'BUSINESS_RULE_VIOLATION' } });
    const toasts = h.actions.filter((a): a is ReturnType<typeof toastRequested> => toastRequested.match(a));
    expect(toasts.map((t) => ({ kind: t.payload.kind, message: t.payload.message }))).toEqual([{ kind: 'error', message: UNIT_AVAILABLE }]);
    h.stop();
  });

  it('a refusal about the unit itself (free again: 422; sold: 409) reads the unit again, so the page stops showing it unavailable', async () => {
    const freeAgain = {
      id: 'p1-302',
      unitNumber: '302',
      commercialStatus: 'not_reserved',
      available: true,
      bedrooms: 2,
      bathrooms: 2,
      normalPriceUF: 4417,
      bonusPriceUF: null,
    };
    const h = createHarness({
      'POST /alerts': (r) => {
        if (r.body && (r.body as { unitId?: string }).unitId === 'p1-303') throw apiError(409, 'PROPERTY_NOT_AVAILABLE');
        throw new ApiError(422, {
          code: 'BUSINESS_RULE_VIOLATION',
          message: 'La operación no cumple con las reglas de negocio.',
          severity: 'error',
          fieldErrors: [{ field: 'unitId', code: 'BUSINESS_RULE_VIOLATION', message: UNIT_AVAILABLE }],
          actions: [],
        });
      },
      'GET /projects/p1/units': () => ({ items: [freeAgain] }),
      'GET /units/p1-302': () => freeAgain,
      'GET /units/p1-303': () => ({ ...freeAgain, id: 'p1-303', unitNumber: '303', commercialStatus: 'sold', available: false }),
    });
    h.run(alertsSaga);
    h.run(catalogSaga);
    h.dispatch(projectOpened({ projectId: 'p1' }));
    h.dispatch(unitSelected({ projectId: 'p1', unitId: 'p1-302' }));
    await settle();
    const readsBefore = h.calls('GET', '/units/p1-302').length;
    h.dispatch(alertSetRequested({ projectId: 'p1', unitId: 'p1-302' }));
    await settle();
    expect(h.actions.filter((a) => unitStatusStale.match(a)).map((a) => a.payload)).toEqual([{ unitId: 'p1-302', projectId: 'p1' }]);
    expect(h.calls('GET', '/units/p1-302').length).toBe(readsBefore + 1);
    expect(h.calls('GET', '/projects/p1/units').length).toBe(2);
    expect(h.state.catalog.selection.unit).toMatchObject({ available: true });

    h.dispatch(alertSetRequested({ projectId: 'p1', unitId: 'p1-303' }));
    await settle();
    expect(h.actions.filter((a) => unitStatusStale.match(a)).map((a) => a.payload.unitId)).toEqual(['p1-302', 'p1-303']);
    h.stop();
  });

  it('too many alerts is not about the unit: nothing is read again', async () => {
    const h = createHarness({
      'POST /alerts': () => {
        throw new ApiError(422, {
          code: 'BUSINESS_RULE_VIOLATION',
          message: 'La operación no cumple con las reglas de negocio.',
          severity: 'error',
          fieldErrors: [{ field: 'projectId', code: 'BUSINESS_RULE_VIOLATION', message: 'Puede mantener hasta 50 alertas activas.' }],
          actions: [],
        });
      },
    });
    h.run(alertsSaga);
    h.dispatch(alertSetRequested({ projectId: 'p1', unitId: 'p1-302' }));
    await settle();
    expect(h.actions.filter((a) => unitStatusStale.match(a))).toEqual([]);
    h.stop();
  });

  it('sets one alert at a time: a second click while the first is on its way is ignored', async () => {
    const h = createHarness({ 'POST /alerts': () => unitAlert });
    h.run(alertsSaga);
    h.dispatch(alertSetRequested({ projectId: 'p1', unitId: 'p1-302' }));
    h.dispatch(alertSetRequested({ projectId: 'p1', unitId: 'p1-302' }));
    await settle();
    expect(h.calls('POST', '/alerts')).toHaveLength(1);
    h.stop();
  });
});
