import type { Projection } from '../../kernel/projections/projection';
import { eventDocId, guardedUpsert, insertOnce } from '../../kernel/projections/guarded-writes';
import { DuplicateKeyError, type ReadStore } from '../../kernel/ports/read-store';
import type { RoleChangeData } from '../../domain/access/user-roles';
import type { NotificationReadsEvent } from '../../domain/notifications/notification-reads';
import type { ReservationEvent } from '../../domain/reservations/reservation';
import type { AvailabilityAlertsEvent } from '../../domain/alerts/availability-alerts';
import type { UserRolesEvent } from '../../domain/access/user-roles';
import type { CompanyRegistrationEvent } from '../../domain/companies/company-registration';
import type { LeadEvent } from '../../domain/leads/lead';
import type { CollaboratorEvent } from '../../domain/companies/collaborator';
import type { CampaignEvent } from '../../domain/campaigns/campaign';
import type { DataRequestEvent } from '../../domain/personal-data/data-request';
import type { NotificationDeliveriesEvent } from '../../domain/notifications/notification-deliveries';
import type { StaffNotice, StaffNoticeEvent } from '../../domain/notifications/staff-notices';
import { DATA_REQUEST_KIND_LABELS } from '../../contract/personal-data';
import { LEAD_SOURCE_LABELS } from '../../contract/leads';
import { formatDate, formatDateTime } from '../../domain/shared/es-cl-format';
import { MAIL_TEMPLATE_LABELS } from '../../contract/email';

export const NOTIFICATIONS = 'notifications';
/** What the projection remembers to word a later notification (a reservation's buyer and unit). */
const SUBJECTS = 'notification-subjects';

export type NotificationPriority = 'urgent' | 'high' | 'medium' | 'low';
export type NotificationCategory = 'system' | 'projects' | 'campaigns' | 'security';

type NotificationContent = { title: string; body: string; priority: NotificationPriority; category: NotificationCategory; link: string | null };

export interface NotificationDoc extends NotificationContent {
  _id: string;
  [key: string]: unknown;
  userId: string;
  read: boolean;
  createdAt: string;
}

/** A notification whose recipient is not known yet (see notifyCollaborator). */
type ParkedNotification = NotificationContent & { _id: string; read: boolean; createdAt: string };

const ROLE_LABELS: Record<string, string> = {
  'super-admin': 'súper administrador',
  admin: 'administrador',
  company: 'empresa',
  advisor: 'asesor',
  collaborator: 'colaborador',
  user: 'usuario',
  auditor: 'auditor',
  'data-protection-officer': 'encargado de datos',
};

/**
 * The notification center (spec §3 Notification): one document per notification, derived from the events that
 * concern a person (reservation confirmed or expired, an alert answered, roles changed, a company approved),
 * keyed by the event (stream@revision) so a redelivery adds nothing; read marks come from the person's
 * `notification-reads-<userId>` stream.
 */
export const notificationsProjection: Projection<
  | ReservationEvent
  | AvailabilityAlertsEvent
  | UserRolesEvent
  | CompanyRegistrationEvent
  | LeadEvent
  | CollaboratorEvent
  | CampaignEvent
  | DataRequestEvent
  | NotificationReadsEvent
  | NotificationDeliveriesEvent
  | StaffNoticeEvent
> = {
  name: 'notifications',
  /**
   * 2: campaign news that came before the collaborator's enrolment was dropped (distributed mode only).
   * 3: campaign news parked while the enrolment was being applied by another consumer stayed parked (distributed
   * mode only): rebuilt, they reach their people.
   */
  version: 3,
  collections: [NOTIFICATIONS, SUBJECTS],
  categories: ['reservation', 'user', 'alerts', 'company', 'campaign', 'collaborator', 'notification', 'datarequest', 'lead', 'staffnotice'],
  eventTypes: [
    'ReservationRequested',
    'ReservationConfirmed',
    'ReservationExpired',
    'ReservationReleased',
    'AvailabilityAlertNotified',
    'UserRolesAdded',
    'UserRolesRemoved',
    'UserRolesModified',
    'CompanyRegistrationApproved',
    'LeadAssigned',
    'CollaboratorEnrolled',
    'CampaignCreated',
    'CampaignDetailsChanged',
    'CampaignLaunched',
    'CampaignCollaboratorEnrolled',
    'DataRequestDueSoon',
    'NotificationRead',
    'NotificationsReadUpTo',
    'NotificationsDispatched',
    'StaffNoticeSent',
  ],
  indexes: [
    { collection: NOTIFICATIONS, keys: { userId: 1, createdAt: -1 } },
    { collection: NOTIFICATIONS, keys: { userId: 1, dispatched: 1 } },
  ],
  async apply(recorded, store) {
    const docs = store.collection<NotificationDoc>(NOTIFICATIONS);
    const data = recorded.data as Record<string, unknown>;
    const notify = (userId: string, n: NotificationContent) =>
      insertOnce(docs, { _id: eventDocId(recorded), userId, read: false, createdAt: recorded.metadata.occurredAt ?? recorded.recordedAt, ...n });
    const subject = async () => store.collection(SUBJECTS).findOne({ _id: `reservation:${data.reservationId}` });
    switch (recorded.type) {
      case 'ReservationRequested':
        await guardedUpsert(store.collection(SUBJECTS), `reservation:${data.reservationId}`, recorded, {
          $set: { buyerId: data.buyerId, projectName: data.projectName, unitNumber: data.unitNumber },
        });
        return;
      case 'ReservationConfirmed': {
        const s = await subject();
        if (s)
          await notify(String(s.buyerId), {
            title: 'Reserva confirmada',
            body: `La unidad ${s.unitNumber} de ${s.projectName} quedó reservada a su nombre.`,
            priority: 'high',
            category: 'projects',
            link: '/dashboard/reservations',
          });
        return;
      }
      case 'ReservationExpired':
      case 'ReservationReleased': {
        const s = await subject();
        if (s)
          await notify(String(s.buyerId), {
            title: recorded.type === 'ReservationExpired' ? 'Su reserva expiró' : 'El pago de su reserva no se completó',
            body: `La unidad ${s.unitNumber} de ${s.projectName} quedó libre. Puede intentarlo de nuevo si sigue disponible.`,
            priority: 'high',
            category: 'projects',
            link: '/dashboard/reservations',
          });
        return;
      }
      case 'AvailabilityAlertNotified':
        await notify(String(data.userId), {
          title: 'Se liberó una unidad',
          body: `La unidad ${data.unitNumber} que esperaba está disponible: le enviamos un email.`,
          priority: 'medium',
          category: 'projects',
          link: '/dashboard/alerts',
        });
        return;
      case 'UserRolesAdded':
      case 'UserRolesRemoved':
      case 'UserRolesModified': {
        const change = data as unknown as RoleChangeData;
        // The first roles of an account are its sign-up, not news.
        if (change.previousRoles.length === 0) return;
        const roles = change.newRoles.map((r) => ROLE_LABELS[r] ?? r).join(', ');
        await notify(change.userId, {
          title: 'Sus roles cambiaron',
          body: `Ahora tiene: ${roles}. Motivo: ${change.reason}`,
          priority: 'high',
          category: 'security',
          link: null,
        });
        return;
      }
      case 'LeadAssigned': {
        // The advisor owes the person a contact within 24 hours (spec §9): the due time is in the notification.
        const when = formatDateTime(String(data.contactDueAt));
        await notify(String(data.advisorId), {
          title: 'Nuevo lead asignado',
          body: `Contacte a la persona antes del ${when} (promesa de 24 horas).`,
          priority: 'high',
          category: 'system',
          link: `/backoffice/leads/${String(data.leadId)}`,
        });
        return;
      }
      case 'CompanyRegistrationApproved':
        await notify(String(data.userId), {
          title: 'Su empresa fue aprobada',
          body: 'Ya puede publicar y gestionar sus proyectos desde el portal de empresas.',
          priority: 'medium',
          category: 'system',
          link: '/company-portal',
        });
        return;
      case 'CollaboratorEnrolled': {
        const id = `collaborator:${data.collaboratorId}`;
        await guardedUpsert(store.collection(SUBJECTS), id, recorded, { $set: { userId: data.userId ?? null } });
        // Campaign news that came before this enrolment (another topic in distributed mode): sent now to the
        // account it names, or dropped when it names none, as they would have been had it come first.
        const subject = await store.collection(SUBJECTS).findOne({ _id: id });
        const parked = subject?.pending as ParkedNotification[] | undefined;
        if (!parked) return;
        const userId = accountIn(subject);
        if (userId) for (const notification of parked) await insertOnce(docs, { ...notification, userId });
        await store.collection(SUBJECTS).updateOne({ _id: id }, { $unset: { pending: '' } });
        return;
      }
      case 'CampaignCreated':
        await guardedUpsert(store.collection(SUBJECTS), `campaign:${data.campaignId}`, recorded, { $set: { name: data.name } });
        return;
      case 'CampaignDetailsChanged': {
        const changes = data.changes as { name?: string };
        if (changes.name) await guardedUpsert(store.collection(SUBJECTS), `campaign:${data.campaignId}`, recorded, { $set: { name: changes.name } });
        return;
      }
      case 'CampaignLaunched': {
        // Collaborators enrolled while it was a draft hear of it now; those enrolled later, at their enrolment.
        const subjects = store.collection(SUBJECTS);
        const before = await subjects.findOne({ _id: `campaign:${data.campaignId}` });
        // Who was enrolled at launch is fixed once (a redelivery finds the same list, not later enrolments).
        await guardedUpsert(subjects, `campaign:${data.campaignId}`, recorded, {
          $set: { launchedAtRevision: recorded.revision, enrolledAtLaunch: before?.enrolledAtLaunch ?? before?.enrolled ?? [] },
        });
        const campaign = await subjects.findOne({ _id: `campaign:${data.campaignId}` });
        for (const collaboratorId of (campaign?.enrolledAtLaunch as string[] | undefined) ?? [])
          await notifyCollaborator(store, collaboratorId, {
            _id: `${eventDocId(recorded)}~${collaboratorId}`,
            read: false,
            createdAt: recorded.metadata.occurredAt ?? recorded.recordedAt,
            ...newCampaign(String(data.campaignId), String(campaign?.name ?? '')),
          });
        return;
      }
      case 'CampaignCollaboratorEnrolled': {
        const campaignId = String(data.campaignId);
        await store
          .collection(SUBJECTS)
          .updateOne({ _id: `campaign:${campaignId}` }, { $addToSet: { enrolled: String(data.collaboratorId) } }, { upsert: true });
        const campaign = await store.collection(SUBJECTS).findOne({ _id: `campaign:${campaignId}` });
        // A person enrolling themselves needs no news of it; a draft's enrolment is announced at launch (also
        // when this enrolment is redelivered after the launch: the revisions say which came first).
        const launchedAt = campaign?.launchedAtRevision;
        if (data.via === 'self' || typeof launchedAt !== 'number' || recorded.revision < launchedAt) return;
        await notifyCollaborator(store, String(data.collaboratorId), {
          _id: eventDocId(recorded),
          read: false,
          createdAt: recorded.metadata.occurredAt ?? recorded.recordedAt,
          ...newCampaign(campaignId, String(campaign?.name ?? '')),
        });
        return;
      }
      case 'NotificationsDispatched': {
        const ids = (data.notificationIds as string[] | undefined) ?? [];
        await docs.updateMany({ _id: { $in: ids }, userId: String(data.userId) }, { $set: { dispatched: true } });
        return;
      }
      // Ley 21.719: an open data request near its legal due date, to every officer the scheduled check named.
      case 'DataRequestDueSoon': {
        const due = formatDate(String(data.dueAt));
        for (const officerId of data.officerIds as string[])
          await insertOnce(docs, {
            _id: `${eventDocId(recorded)}:${officerId}`,
            userId: officerId,
            read: false,
            createdAt: String(data.remindedAt),
            title: 'Solicitud de datos por vencer',
            body: `Una solicitud de datos personales vence el ${due} (plazo legal de 30 días). Respóndala antes.`,
            priority: 'urgent',
            category: 'security',
            link: `/backoffice/data-requests/${String(data.requestId)}`,
          });
        return;
      }
      // Work for staff: one notification to each person the notice names (those holding the permission then).
      case 'StaffNoticeSent': {
        for (const userId of recorded.data.recipientIds)
          await insertOnce(docs, {
            _id: `${eventDocId(recorded)}:${userId}`,
            userId,
            read: false,
            createdAt: recorded.data.sentAt,
            ...staffNoticeContent(recorded.data),
          });
        return;
      }
      case 'NotificationRead': {
        await docs.updateOne({ _id: recorded.data.notificationId, userId: recorded.data.userId }, { $set: { read: true } });
        return;
      }
      case 'NotificationsReadUpTo': {
        await docs.updateMany({ userId: recorded.data.userId, createdAt: { $lte: recorded.data.upTo }, read: false }, { $set: { read: true } });
        return;
      }
    }
  },
};

const labelOf = (labels: Readonly<Record<string, string>>, key: string): string => (Object.hasOwn(labels, key) ? labels[key] : key);

/** What a staff notice says, and the back-office screen where its work is done. */
const staffNoticeContent = (notice: StaffNotice): NotificationContent => {
  switch (notice.kind) {
    case 'registration_submitted':
      return {
        title: 'Nueva solicitud de empresa',
        body: `${notice.companyName || 'Una empresa'} envió su solicitud de registro. Revísela dentro de 2 a 3 días hábiles.`,
        priority: 'high',
        category: 'system',
        link: '/backoffice/company-registrations',
      };
    case 'lead_captured':
      return {
        title: 'Nuevo lead sin asignar',
        body: `Llegó un lead (${labelOf(LEAD_SOURCE_LABELS, notice.source).toLowerCase()}). Asígnelo a un asesor: se promete contacto dentro de 24 horas.`,
        priority: 'high',
        category: 'system',
        link: `/backoffice/leads/${encodeURIComponent(notice.subjectId)}`,
      };
    case 'data_request_submitted':
      return {
        title: 'Nueva solicitud de datos personales',
        body: `Solicitud de ${labelOf(DATA_REQUEST_KIND_LABELS, notice.requestKind).toLowerCase()}: vence el ${formatDate(notice.dueAt)} (plazo legal de 30 días).`,
        priority: 'high',
        category: 'security',
        link: `/backoffice/data-requests/${encodeURIComponent(notice.subjectId)}`,
      };
    case 'mail_failed':
      return {
        title: 'Un correo no se pudo entregar',
        body: `${labelOf(MAIL_TEMPLATE_LABELS, notice.template)}: ${
          notice.bounced ? 'el servidor de correo lo rechazó' : `falló tras ${notice.attempts} ${notice.attempts === 1 ? 'intento' : 'intentos'}`
        }. Revise la configuración SMTP y reintente desde Correos fallidos.`,
        priority: 'high',
        category: 'system',
        link: '/backoffice/email/history?status=failed',
      };
  }
};

const newCampaign = (campaignId: string, name: string): NotificationContent => ({
  title: 'Nueva campaña de vivienda',
  body: `Su empresa lo inscribió en la campaña «${name}». Revise sus beneficios.`,
  priority: 'medium',
  category: 'campaigns',
  link: `/campaigns/${campaignId}`,
});

/**
 * Campaign news for a collaborator: to their account; dropped when their enrolment named none; kept under the
 * collaborator (`pending`) when this read model has not seen their enrolment yet, which travels in another
 * stream (another Kafka topic) and may come second. The enrolment sends it (see CollaboratorEnrolled).
 */
const notifyCollaborator = async (store: ReadStore, collaboratorId: string, notification: ParkedNotification): Promise<void> => {
  const subjects = store.collection(SUBJECTS);
  const id = `collaborator:${collaboratorId}`;
  /** Sends the news once the enrolment is known (dropped when it names no account); false while it is not. */
  const sentToEnrolled = async (): Promise<boolean> => {
    const subject = await subjects.findOne({ _id: id });
    if (!subject || !('userId' in subject)) return false;
    const userId = accountIn(subject);
    if (userId) await insertOnce(store.collection<NotificationDoc>(NOTIFICATIONS), { ...notification, userId });
    return true;
  };
  if (await sentToEnrolled()) return;
  // Parked only while the enrolment is still unknown, in the same write: in distributed mode the enrolment is
  // another consumer's, and between the read above and an unconditional park it could land and look for parked news
  // before there was any, leaving this one parked for good. Once it has landed, the park collides on _id
  // (DuplicateKeyError), and the subject read again names the account.
  try {
    await subjects.updateOne({ _id: id, userId: { $exists: false } }, { $addToSet: { pending: notification } }, { upsert: true });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError) || !(await sentToEnrolled())) throw error;
  }
};

/** The account a collaborator's subject names (null while the collaborator has none). */
const accountIn = (subject: Record<string, unknown> | null): string | null => (typeof subject?.userId === 'string' && subject.userId ? subject.userId : null);

export interface NotificationFilter {
  priority?: NotificationPriority;
  category?: NotificationCategory;
  read?: boolean;
}

/** A person's notifications, newest first, and how many are unread (the filter narrows the items, not the count). */
export const myNotifications = async (store: ReadStore, userId: string, limit = 50, filter: NotificationFilter = {}) => {
  const docs = store.collection<NotificationDoc>(NOTIFICATIONS);
  const items = await docs.find({ userId, ...filter }, { sort: { createdAt: -1, _id: 1 }, limit });
  const unread = await docs.countDocuments({ userId, read: false });
  return {
    items: items.map(({ _id, title, body, priority, category, read, createdAt, link }) => ({
      id: _id,
      title,
      body,
      priority,
      category,
      read,
      createdAt,
      link,
    })),
    unread,
  };
};

export const ownsNotification = async (store: ReadStore, userId: string, notificationId: string): Promise<boolean> =>
  (await store.collection<NotificationDoc>(NOTIFICATIONS).findOne({ _id: notificationId, userId })) !== null;
