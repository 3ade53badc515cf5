import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ApiClient } from '../support/api-client';
import type { TestApp } from '../support/test-app';
import { createBuyers, payAtSandbox, readModelsCaughtUp, signedIn } from '../support/buyers';

const eventStore = (app: TestApp) => app.platform.container.get<EventStore>(TOKENS.EventStore);

/** A fresh buyer reserves a free unit of the project and pays it at the sandbox gateway. */
export const reserveAndPay = async (app: TestApp, projectSlug: string, decision: 'approve' | 'reject' | 'abort' = 'approve') => {
  const [email] = await createBuyers(app, 1);
  const buyer = await signedIn(app, email);
  const me = (await buyer.get('/api/v1/auth/cookie/profile')).body;
  const unit = (await app.client().get(`/api/v1/projects/${projectSlug}/units?available=true`)).body.items[0];
  const started = await buyer.post('/api/v1/reservations', { unitId: unit.id });
  expect(started.status).toBe(201);
  await payAtSandbox(buyer, started.body.payment, decision);
  await readModelsCaughtUp(app);
  return { buyer, email, buyerId: String(me.id), reservationId: started.body.reservationId as string, unitId: unit.id as string };
};

/**
 * A reservation paid after its hold expired whose automatic reversal could not go through (a gateway
 * transaction the gateway does not know): the refund stays owed until staff record it.
 */
export const reservationOwingRefund = async (app: TestApp, projectId: string, buyerId: string): Promise<string> => {
  const id = `deuda-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const at = (minutes: number) => new Date(Date.now() - 60 * 60_000 + minutes * 60_000).toISOString();
  const metadata = (actorId: string, minutes: number) => ({ correlationId: `test-${id}`, actorId, actorRoles: [], occurredAt: at(minutes), schemaVersion: 1 });
  const buyOrder = `R${id.replace(/-/g, '').slice(0, 25)}`;
  const common = { reservationId: id };
  await eventStore(app).append(
    `reservation-${id}`,
    [
      {
        type: 'ReservationRequested',
        data: {
          ...common,
          unitId: 'unidad-inexistente',
          projectId,
          projectName: 'Proyecto de prueba',
          unitNumber: '999',
          buyerId,
          buyerEmail: 'deuda@empresa.cl',
          buyerName: 'Comprador Deuda',
          amountCLP: 500_000,
          requestedAt: at(0),
        },
        metadata: metadata(buyerId, 0),
      },
      {
        type: 'ReservationUnitHeld',
        data: { ...common, unitId: 'unidad-inexistente', holdExpiresAt: at(15), heldAt: at(0) },
        metadata: metadata('system:reservations', 0),
      },
      {
        type: 'ReservationPaymentStarted',
        data: {
          ...common,
          gateway: 'sandbox',
          token: 'desconocido',
          url: '/pay',
          buyOrder,
          sessionId: buyerId,
          amountCLP: 500_000,
          returnUrl: 'http://localhost/r',
          startedAt: at(1),
        },
        metadata: metadata(buyerId, 1),
      },
      {
        type: 'ReservationExpired',
        data: { ...common, unitId: 'unidad-inexistente', holdExpiresAt: at(15), expiredAt: at(16) },
        metadata: metadata('system:hold-expiry', 16),
      },
      {
        type: 'ReservationPaymentConfirmed',
        data: {
          ...common,
          gateway: 'sandbox',
          buyOrder,
          token: 'desconocido',
          gatewayStatus: 'AUTHORIZED',
          responseCode: 0,
          authorizationCode: '445566',
          cardLast4: '6623',
          paymentTypeCode: 'VD',
          installments: 0,
          transactionDate: at(17),
          amountCLP: 500_000,
          confirmedAt: at(17),
        },
        metadata: metadata(buyerId, 17),
      },
    ],
    'no_stream',
  );
  await readModelsCaughtUp(app);
  return id;
};

export const signedInAs = async (app: TestApp, email: string): Promise<ApiClient> => {
  const client = app.client();
  await client.login(email);
  return client;
};
