import { gatewayForm } from '../../web/src/shared/browser/payment-redirect';
import { catalogueEntry } from '../../domain/shared/error-catalogue';
import { catalogSaga } from '../../web/src/features/catalog/sagas';
import { projectOpened, unitSelected } from '../../web/src/features/catalog/slice';
import { FINAL_RESERVATION_STATUSES as FINAL_STATUSES } from '../../contract/reservation-values';
import { flowSteps, resultSteps } from '../../web/src/features/reservations/flow';
import { PAYMENT_LINK_MISSING, REDIRECT_PAUSE_MS, RESULT_POLL_MS, reservationsSaga } from '../../web/src/features/reservations/sagas';
import { paymentResultOpened, paymentResumed, reserveRequested } from '../../web/src/features/reservations/slice';
import { unitTaken } from '../../web/src/shared/events';
import { apiError, createHarness, settle } from './support/saga-harness';

const started = {
  reservationId: 'r1',
  status: 'payment_started',
  holdExpiresAt: '2026-11-22T22:43:31.126Z',
  amountCLP: 500000,
  payment: { gateway: 'sandbox', url: '/api/v1/payments/sandbox/pay', token: 'tok-1' },
};

const reservation = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'r1',
  unitId: 'p1-301',
  projectId: 'p1',
  projectName: 'Edificio Parque Ñuñoa',
  unitNumber: '301',
  amountCLP: 500000,
  status,
  requestedAt: '2026-11-22T22:28:31.114Z',
  updatedAt: '2026-11-22T22:29:00.000Z',
  holdExpiresAt: '2026-11-22T22:43:31.126Z',
  paymentOutcome: 'pending',
  refunded: false,
  payment: { gateway: 'sandbox', url: '/api/v1/payments/sandbox/pay', token: 'tok-1' },
  ...extra,
});

const STATES = (steps: { state: string }[]) => steps.map((s) => s.state);

describe('reservation flow saga (run with runSaga)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('requests the unit, shows it held, then leaves for the gateway with its url and token', async () => {
    const h = createHarness({ 'POST /reservations': () => started });
    h.run(reservationsSaga);
    h.dispatch(reserveRequested({ unitId: 'p1-301', projectId: 'p1' }));
    expect(h.state.reservations.flow.step).toBe('requesting');
    await settle();
    expect(h.calls('POST', '/reservations')[0].body).toEqual({ unitId: 'p1-301' });
    expect(h.state.reservations.flow).toMatchObject({ step: 'held', started: { reservationId: 'r1', amountCLP: 500000 } });
    expect(h.redirectToGateway).not.toHaveBeenCalled();

    await settle(REDIRECT_PAUSE_MS);
    expect(h.state.reservations.flow.step).toBe('redirecting');
    expect(h.redirectToGateway).toHaveBeenCalledWith({ url: '/api/v1/payments/sandbox/pay', token: 'tok-1' });
    expect(h.types()).toEqual(['reservations/reserveRequested', 'reservations/unitHeld', 'reservations/paymentRedirectStarted']);
    h.stop();
  });

  it('on 409 UNIT_ALREADY_RESERVED stops with the message and actions, and the catalogue shows the unit taken', async () => {
    const refused = catalogueEntry('UNIT_ALREADY_RESERVED');
    let held = false;
    const h = createHarness({
      'POST /reservations': () => {
        held = true;
        throw apiError(409, 'UNIT_ALREADY_RESERVED', refused.message, [...refused.actions]);
      },
      'GET /projects/p1': () => ({ id: 'p1', name: 'P1' }),
      'GET /projects/p1/units': () => ({ items: [{ id: 'p1-301', commercialStatus: held ? 'in_process' : 'not_reserved', available: !held }] }),
      'GET /units/p1-301': () => ({ id: 'p1-301', commercialStatus: held ? 'in_process' : 'not_reserved', available: !held }),
    });
    h.run(reservationsSaga);
    h.run(catalogSaga);
    h.dispatch(projectOpened({ projectId: 'p1' }));
    h.dispatch(unitSelected({ projectId: 'p1', unitId: 'p1-301' }));
    await settle();
    expect(h.state.catalog.selection.unit?.available).toBe(true);

    h.dispatch(reserveRequested({ unitId: 'p1-301', projectId: 'p1' }));
    await settle();
    expect(h.state.reservations.flow).toMatchObject({
      step: 'failed',
      target: { unitId: 'p1-301' },
      error: {
        code: 'UNIT_ALREADY_RESERVED',
        message: 'Esta unidad ya fue reservada por otro cliente.',
        actions: ['Explorar otras unidades', 'Configurar alertas', 'Contactar a ventas'],
      },
    });
    expect(STATES(flowSteps(h.state.reservations.flow.step))).toEqual(['failed', 'pending', 'pending', 'pending']);
    expect(h.types()).toContain(unitTaken.type);
    expect(h.state.catalog.units.items[0].available).toBe(false);
    expect(h.state.catalog.selection.unit?.available).toBe(false);
    expect(h.redirectToGateway).not.toHaveBeenCalled();
    h.stop();
  });

  it('takes one reservation at a time: a second click while the first is on its way is ignored', async () => {
    const h = createHarness({ 'POST /reservations': () => started });
    h.run(reservationsSaga);
    h.dispatch(reserveRequested({ unitId: 'p1-301', projectId: 'p1' }));
    h.dispatch(reserveRequested({ unitId: 'p1-301', projectId: 'p1' }));
    await settle(REDIRECT_PAUSE_MS);
    expect(h.calls('POST', '/reservations')).toHaveLength(1);
    expect(h.redirectToGateway).toHaveBeenCalledTimes(1);
    h.stop();
  });

  it('keeps other refusals as they come (a dead session, a gateway that cannot open the payment)', async () => {
    const h = createHarness({
      'POST /reservations': () => {
        throw apiError(402, 'PAYMENT_FAILED', catalogueEntry('PAYMENT_FAILED').message, [...catalogueEntry('PAYMENT_FAILED').actions]);
      },
    });
    h.run(reservationsSaga);
    h.dispatch(reserveRequested({ unitId: 'p1-301', projectId: 'p1' }));
    await settle();
    expect(h.state.reservations.flow.error).toMatchObject({ code: 'PAYMENT_FAILED', actions: expect.arrayContaining(['Intente con otro medio de pago']) });
    expect(h.types()).not.toContain(unitTaken.type);
    h.stop();
  });
});

describe('payment result', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads the reservation until the read model shows a final status', async () => {
    const answers = [reservation('payment_confirmed'), reservation('confirmed', { confirmedAt: '2026-11-22T22:30:00Z' })];
    const h = createHarness({ 'GET /reservations/r1': () => answers.shift() ?? reservation('confirmed') });
    h.run(reservationsSaga);
    h.dispatch(paymentResultOpened({ reservationId: 'r1', outcome: 'confirmed', code: null }));
    await settle();
    expect(h.state.reservations.result).toMatchObject({ outcome: 'confirmed', reservation: { status: 'payment_confirmed' } });
    await settle(RESULT_POLL_MS);
    expect(h.state.reservations.result).toMatchObject({ status: 'loaded', reservation: { status: 'confirmed' } });
    await settle(RESULT_POLL_MS * 3);
    expect(h.calls('GET', '/reservations/r1')).toHaveLength(2);
    h.stop();
  });

  it('steps: confirmed is four done steps; a failed payment fails the payment step', () => {
    expect(STATES(resultSteps('confirmed', 'confirmed'))).toEqual(['done', 'done', 'done', 'done']);
    expect(STATES(resultSteps('failed', 'released'))).toEqual(['done', 'done', 'failed', 'pending']);
    expect(STATES(flowSteps('requesting'))).toEqual(['current', 'pending', 'pending', 'pending']);
    expect(STATES(flowSteps('held'))).toEqual(['done', 'done', 'current', 'pending']);
    expect(FINAL_STATUSES).toEqual(expect.arrayContaining(['confirmed', 'released', 'expired', 'cancelled']));
  });

  it('"try again" after a failed payment reserves the same unit again', async () => {
    const h = createHarness({
      'GET /reservations/r1': () =>
        reservation('released', { paymentOutcome: 'failed', payment: { gateway: 'sandbox', url: '/x', token: 't', failure: 'rejected' } }),
      'POST /reservations': () => ({ ...started, reservationId: 'r2', payment: { ...started.payment, token: 'tok-2' } }),
    });
    h.run(reservationsSaga);
    h.dispatch(paymentResultOpened({ reservationId: 'r1', outcome: 'failed', code: null }));
    await settle();
    const failed = h.state.reservations.result.reservation!;
    h.dispatch(reserveRequested({ unitId: failed.unitId, projectId: failed.projectId }));
    await settle(REDIRECT_PAUSE_MS);
    expect(h.calls('POST', '/reservations')[0].body).toEqual({ unitId: 'p1-301' });
    expect(h.redirectToGateway).toHaveBeenCalledWith({ url: '/api/v1/payments/sandbox/pay', token: 'tok-2' });
    h.stop();
  });
});

describe('my reservations', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('continues an unpaid hold at the gateway with its own transaction; without one, says so', async () => {
    const h = createHarness();
    h.run(reservationsSaga);
    h.dispatch(paymentResumed({ reservationId: 'r1', payment: reservation('payment_started').payment as never }));
    await settle();
    expect(h.redirectToGateway).toHaveBeenCalledWith({ url: '/api/v1/payments/sandbox/pay', token: 'tok-1' });
    h.dispatch(paymentResumed({ reservationId: 'r1', payment: null as never }));
    await settle();
    expect(h.redirectToGateway).toHaveBeenCalledTimes(1);
    expect(h.toasts()).toEqual([PAYMENT_LINK_MISSING]);
    h.stop();
  });
});

describe('leaving for the gateway', () => {
  it('posts token_ws to the URL the transaction was created with (Webpay Plus)', () => {
    expect(
      gatewayForm({
        url: 'https://webpay3gint.transbank.cl/webpayserver/initTransaction',
        token: 'e9d555262db0f989e49d724b4db0b0af367cc415cde41f500a776550fc5fddd3',
      }),
    ).toEqual({
      method: 'post',
      action: 'https://webpay3gint.transbank.cl/webpayserver/initTransaction',
      fields: { token_ws: 'e9d555262db0f989e49d724b4db0b0af367cc415cde41f500a776550fc5fddd3' },
    });
  });
});
