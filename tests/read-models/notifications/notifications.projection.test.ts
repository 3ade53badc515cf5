import type { RecordedEvent } from '../../../kernel/ports/event-store';
import type { Filter, ReadStore, Update } from '../../../kernel/ports/read-store';
import { DEFAULT_PREFERENCES } from '../../../domain/notifications/notification-preferences';
import { notificationPreferencesProjection } from '../../../read-models/notifications/notification-preferences.projection';
import { peopleNotifiedOutside } from '../../../read-models/notifications/notification-preferences.queries';
import { myNotifications, notificationsProjection } from '../../../read-models/notifications/notifications.projection';
import { undispatchedNotifications } from '../../../read-models/notifications/notifications.queries';
import { Deferred } from '../../contract/deferred';
import { deliver, expectRedeliveryChangesNothing, projectionSpec, recordedEvent as recorded } from '../../support/projection-spec';

const T = (minute: number) => ({ occurredAt: `2026-11-22T12:${String(minute).padStart(2, '0')}:00.000Z` });

const reservationRequested = recorded(
  'reservation-r1',
  0,
  'ReservationRequested',
  { reservationId: 'r1', buyerId: 'buyer', projectName: 'Mirador', unitNumber: '101' },
  T(0),
);
const reservationConfirmed = recorded('reservation-r1', 3, 'ReservationConfirmed', { reservationId: 'r1', confirmedAt: 'x' }, T(1));
const reservation2 = recorded(
  'reservation-r2',
  0,
  'ReservationRequested',
  { reservationId: 'r2', buyerId: 'buyer', projectName: 'Mirador', unitNumber: '102' },
  T(2),
);
const reservation2Expired = recorded('reservation-r2', 1, 'ReservationExpired', { reservationId: 'r2' }, T(3));
const alertAnswered = recorded('alerts-buyer', 2, 'AvailabilityAlertNotified', { userId: 'buyer', unitNumber: '103' }, T(4));
const rolesChanged = recorded(
  'user-roles-buyer',
  1,
  'UserRolesModified',
  {
    userId: 'buyer',
    changeType: 'modified',
    previousRoles: ['user'],
    newRoles: ['user', 'collaborator'],
    added: ['collaborator'],
    removed: [],
    modifiedBy: 'admin',
    modifiedByRoles: ['admin'],
    reason: 'Convenio',
    changedAt: 'x',
  },
  T(5),
);
const firstRoles = recorded(
  'user-roles-other',
  0,
  'UserRolesAdded',
  {
    userId: 'other',
    changeType: 'added',
    previousRoles: [],
    newRoles: ['user'],
    added: ['user'],
    removed: [],
    modifiedBy: 'system',
    modifiedByRoles: [],
    reason: 'Registro',
    changedAt: 'x',
  },
  T(5),
);
const approved = recorded(
  'company-registration-g1',
  3,
  'CompanyRegistrationApproved',
  { registrationId: 'g1', companyId: 'c9', userId: 'rep', approvedBy: 'admin', approvedAt: 'x' },
  T(6),
);
const collaborator = recorded('collaborator-k1', 0, 'CollaboratorEnrolled', { collaboratorId: 'k1', companyId: 'c1', userId: 'buyer' }, T(7));
const collaboratorNoAccount = recorded('collaborator-k2', 0, 'CollaboratorEnrolled', { collaboratorId: 'k2', companyId: 'c1', userId: null }, T(7));
const collaborator3 = recorded('collaborator-k3', 0, 'CollaboratorEnrolled', { collaboratorId: 'k3', companyId: 'c1', userId: 'third' }, T(7));
const campaignCreated = recorded('campaign-m1', 0, 'CampaignCreated', { campaignId: 'm1', companyId: 'c1', name: 'Ferias 2027' }, T(8));
const draftEnrolment = recorded(
  'campaign-m1',
  1,
  'CampaignCollaboratorEnrolled',
  { campaignId: 'm1', collaboratorId: 'k1', rut: 'x', via: 'admin', enrolledAt: 'x' },
  T(9),
);
const launched = recorded('campaign-m1', 2, 'CampaignLaunched', { campaignId: 'm1', launchedAt: 'x' }, T(10));
const autoEnrolment = recorded(
  'campaign-m1',
  3,
  'CampaignCollaboratorEnrolled',
  { campaignId: 'm1', collaboratorId: 'k2', rut: 'y', via: 'auto', enrolledAt: 'x' },
  T(11),
);
const autoEnrolment3 = recorded(
  'campaign-m1',
  4,
  'CampaignCollaboratorEnrolled',
  { campaignId: 'm1', collaboratorId: 'k3', rut: 'z', via: 'auto', enrolledAt: 'x' },
  T(12),
);
const selfEnrolment = recorded(
  'campaign-m2',
  0,
  'CampaignCollaboratorEnrolled',
  { campaignId: 'm2', collaboratorId: 'k1', rut: 'x', via: 'self', enrolledAt: 'x' },
  T(13),
);
const dispatched = recorded(
  'notification-deliveries-buyer',
  0,
  'NotificationsDispatched',
  { userId: 'buyer', notificationIds: ['reservation-r1@3'], mode: 'immediate', channels: ['sms'], dispatchedAt: 'x' },
  T(14),
);
const readOne = recorded('notification-reads-buyer', 0, 'NotificationRead', { userId: 'buyer', notificationId: 'reservation-r2@1', readAt: 'x' }, T(15));
const prefsChanged = recorded(
  'notification-preferences-buyer',
  0,
  'NotificationPreferencesChanged',
  {
    userId: 'buyer',
    preferences: { ...DEFAULT_PREFERENCES, channels: { ...DEFAULT_PREFERENCES.channels, sms: true } },
    changedAt: '2026-11-22T12:00:00.000Z',
  },
  T(0),
);
const pushAdded = recorded(
  'notification-preferences-buyer',
  1,
  'PushSubscriptionRegistered',
  { userId: 'buyer', endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' }, registeredAt: 'x' },
  T(1),
);

const all: RecordedEvent[] = [
  reservationRequested,
  reservationConfirmed,
  reservation2,
  reservation2Expired,
  alertAnswered,
  rolesChanged,
  firstRoles,
  approved,
  collaborator,
  collaboratorNoAccount,
  collaborator3,
  campaignCreated,
  draftEnrolment,
  launched,
  autoEnrolment,
  autoEnrolment3,
  selfEnrolment,
  dispatched,
  readOne,
  prefsChanged,
  pushAdded,
];
const PROJECTIONS = [notificationsProjection, notificationPreferencesProjection];
const given = (events: readonly RecordedEvent[]) => projectionSpec(PROJECTIONS).given(events);

describe('notifications projection', () => {
  it('tells each person what concerns them, with priority and category', async () => {
    const { store } = await given(all);
    const buyer = await myNotifications(store, 'buyer');
    expect(buyer.items.map((i) => [i.title, i.priority, i.category, i.read])).toEqual([
      ['Nueva campaña de vivienda', 'medium', 'campaigns', false],
      ['Sus roles cambiaron', 'high', 'security', false],
      ['Se liberó una unidad', 'medium', 'projects', false],
      ['Su reserva expiró', 'high', 'projects', true],
      ['Reserva confirmada', 'high', 'projects', false],
    ]);
    expect(buyer.items[0]).toMatchObject({ body: expect.stringContaining('«Ferias 2027»'), link: '/campaigns/m1' });
    // Enrolled while a draft: told at launch; enrolled after launch: told at enrolment; no account, or by themselves: nothing.
    expect((await myNotifications(store, 'third')).items.map((i) => i.title)).toEqual(['Nueva campaña de vivienda']);
    expect((await myNotifications(store, 'rep')).items.map((i) => i.title)).toEqual(['Su empresa fue aprobada']);
    expect((await myNotifications(store, 'other')).items).toEqual([]);
    expect((await myNotifications(store, 'buyer', 50, { category: 'projects', priority: 'high' })).items).toHaveLength(2);
  });

  it('marks what was sent outside the app, and keeps who wants that', async () => {
    const { store } = await given(all);
    expect((await undispatchedNotifications(store, 'buyer', '2026-11-22T12:00:00.000Z')).map((n) => n._id)).not.toContain('reservation-r1@3');
    expect(await peopleNotifiedOutside(store)).toEqual([
      expect.objectContaining({ userId: 'buyer', outsideSince: '2026-11-22T12:00:00.000Z', pushEndpoints: ['https://push.example/1'] }),
    ]);
  });

  it('every event delivered twice gives the same documents', async () => {
    await expectRedeliveryChangesNothing(PROJECTIONS, all);
  });

  it("campaign news that comes before the collaborator's enrolment (another topic) reaches the same people", async () => {
    // The collaborators' streams travel apart from the campaign's: here the whole campaign comes first.
    const collaborators = [collaborator, collaboratorNoAccount, collaborator3];
    const late = await given([...all.filter((e) => !collaborators.includes(e)), ...collaborators]);
    const inOrder = await given(all);
    expect(await late.snapshot()).toEqual(await inOrder.snapshot());
    expect((await myNotifications(late.store, 'third')).items.map((i) => i.title)).toEqual(['Nueva campaña de vivienda']);
    expect(JSON.stringify(await late.store.collection('notification-subjects').find({}))).not.toContain('pending');
  });

  it('campaign news reaches the person when their enrolment is applied between the launch looking for them and parking the news', async () => {
    // Distributed mode: the launch and the enrolment are two consumers' at once. The launch finds no enrolment and
    // goes to park the news; meanwhile the enrolment is applied whole and finds nothing parked yet.
    const { store } = await given([campaignCreated, draftEnrolment]);
    const atPark = new Deferred<void>();
    const released = new Deferred<void>();
    const launching = deliver(
      notificationsProjection,
      launched,
      parkingHeld(store, async () => {
        atPark.resolve();
        await released.promise;
      }),
    );
    await atPark.promise;
    await deliver(notificationsProjection, collaborator, store);
    released.resolve();
    await launching;
    expect((await myNotifications(store, 'buyer')).items.map((i) => i.title)).toEqual(['Nueva campaña de vivienda']);
    expect(JSON.stringify(await store.collection('notification-subjects').find({}))).not.toContain('pending');
  });
});

/** The store, with the first write that parks news for a collaborator (`$addToSet: { pending }`) held until `hold` resolves. */
const parkingHeld = (store: ReadStore, hold: () => Promise<void>): ReadStore => {
  let held = false;
  return new Proxy(store, {
    get: (target, property) => {
      if (property !== 'collection') return Reflect.get(target, property, target) as unknown;
      return (name: string) => {
        const collection = target.collection(name);
        return new Proxy(collection, {
          get: (inner, method) => {
            const value = Reflect.get(inner, method, inner) as unknown;
            if (method !== 'updateOne' || typeof value !== 'function') return typeof value === 'function' ? value.bind(inner) : value;
            return async (filter: Filter, update: Update, options?: { upsert?: boolean }) => {
              if (!held && (update.$addToSet as Record<string, unknown> | undefined)?.pending) {
                held = true;
                await hold();
              }
              return inner.updateOne(filter, update, options);
            };
          },
        });
      };
    },
  });
};

describe('a lead assigned to an advisor', () => {
  const assigned = recorded(
    'lead-l1',
    3,
    'LeadAssigned',
    {
      leadId: 'l1',
      advisorId: 'advisor',
      previousAdvisorId: null,
      assignedBy: 'admin',
      assignedAt: '2026-11-22T12:00:00.000Z',
      contactDueAt: '2026-11-23T12:00:00.000Z',
    },
    T(20),
  );

  it('tells the advisor, with the 24-hour contact promise in Chile’s time, once however often it is delivered', async () => {
    const spec = await projectionSpec([notificationsProjection]).given([assigned, assigned]);
    const { items } = await myNotifications(spec.store, 'advisor');
    expect(items).toEqual([
      expect.objectContaining({
        title: 'Nuevo lead asignado',
        priority: 'high',
        link: '/backoffice/leads/l1',
        body: expect.stringMatching(/^Contacte a la persona antes del 23-11-2026,? 09:00/),
      }),
    ]);
  });
});

describe('a data request near its due date', () => {
  it('names the due day on Chile’s calendar (02:30 UTC on the 10th is still the 9th in Santiago)', async () => {
    const dueSoon = recorded(
      'data-request-d1',
      2,
      'DataRequestDueSoon',
      { requestId: 'd1', dueAt: '2026-12-10T02:30:00.000Z', officerIds: ['officer'], remindedAt: '2026-12-03T12:00:00.000Z' },
      T(30),
    );
    const spec = await projectionSpec([notificationsProjection]).given([dueSoon]);
    const { items } = await myNotifications(spec.store, 'officer');
    expect(items).toEqual([expect.objectContaining({ title: 'Solicitud de datos por vencer', body: expect.stringContaining('vence el 09-12-2026') })]);
  });
});
