import type { UserRolesEvent } from '../../domain/access/user-roles';
import type { UserEvent } from '../../domain/accounts/user';
import type { CampaignEvent } from '../../domain/campaigns/campaign';
import type { ProjectEvent } from '../../domain/catalog/project';
import type { UnitEvent } from '../../domain/catalog/unit';
import type { CompanyEvent } from '../../domain/companies/company';
import type { LeadEvent } from '../../domain/leads/lead';
import type { ReservationEvent } from '../../domain/reservations/reservation';

/** Every event an entity's history can show: the unions of the aggregates behind `GET /history/{entity}/{id}`. */
export type HistoryEvent = ProjectEvent | UnitEvent | ReservationEvent | CampaignEvent | LeadEvent | UserEvent | UserRolesEvent | CompanyEvent;
export type HistoryEventType = HistoryEvent['type'];

export interface EventLabel {
  /** What happened, in Spanish, as the Historial tab and the payments ledger show it. */
  readonly label: string;
  /** State the event sets without naming it in its data (enabled, status...), so its before/after shows in `changes`. */
  readonly sets?: Readonly<Record<string, unknown>>;
}

/**
 * THE table of event labels: one entry per event type of the history's aggregates. The Record type makes a
 * missing entry a compile error, and tests/application/audit-event-labels.test.ts reads the domain's unions
 * from their source files, so an event added to a union without a label fails the test suite too.
 */
export const EVENT_LABELS: Readonly<Record<HistoryEventType, EventLabel>> = {
  // Proyecto
  ProjectCreated: { label: 'Proyecto creado', sets: { enabled: false } },
  ProjectDetailsUpdated: { label: 'Datos del proyecto modificados' },
  ProjectEnabled: { label: 'Proyecto habilitado', sets: { enabled: true } },
  ProjectDisabled: { label: 'Proyecto deshabilitado', sets: { enabled: false } },
  ProjectFeatured: { label: 'Proyecto destacado', sets: { featured: true } },
  ProjectUnfeatured: { label: 'Proyecto quitado de destacados', sets: { featured: false } },
  ProjectImageAdded: { label: 'Imagen agregada' },
  ProjectImageUpdated: { label: 'Imagen modificada' },
  ProjectImagesReordered: { label: 'Imágenes reordenadas' },
  ProjectImageRemoved: { label: 'Imagen eliminada' },
  FloorPlanAdded: { label: 'Plano agregado' },
  FloorPlanRemoved: { label: 'Plano eliminado' },
  UnitFloorPlanCustomizationRemoved: { label: 'Plano personalizado de unidad eliminado' },
  UnitFloorPlanCustomized: { label: 'Plano de unidad personalizado' },
  MonthlyPromotionPublished: { label: 'Promoción del mes publicada' },
  MonthlyPromotionWithdrawn: { label: 'Promoción del mes retirada' },
  ProjectPricingOptionsSet: { label: 'Opciones de precio definidas' },
  // Unidad
  UnitAdded: { label: 'Unidad agregada', sets: { enabled: true, commercialStatus: 'not_reserved' } },
  UnitUpdated: { label: 'Datos de la unidad modificados' },
  UnitEnabled: { label: 'Unidad habilitada', sets: { enabled: true } },
  UnitDisabled: { label: 'Unidad deshabilitada', sets: { enabled: false } },
  UnitHeldForReservation: { label: 'Unidad retenida por una reserva', sets: { commercialStatus: 'in_process' } },
  UnitHoldReleased: { label: 'Retención de la unidad liberada', sets: { commercialStatus: 'not_reserved' } },
  UnitReserved: { label: 'Unidad reservada', sets: { commercialStatus: 'reserved' } },
  UnitSold: { label: 'Unidad vendida', sets: { commercialStatus: 'sold' } },
  // Reserva y su pago
  ReservationRequested: { label: 'Reserva solicitada', sets: { status: 'requested' } },
  ReservationUnitHeld: { label: 'Unidad retenida para la reserva', sets: { status: 'held' } },
  ReservationRejected: { label: 'Reserva rechazada: la unidad no estaba disponible', sets: { status: 'rejected' } },
  ReservationPaymentStarted: { label: 'Pago iniciado', sets: { status: 'payment_started', paymentOutcome: 'pending' } },
  ReservationPaymentConfirmed: { label: 'Pago aprobado por la pasarela', sets: { paymentOutcome: 'confirmed' } },
  ReservationPaymentFailed: { label: 'Pago no aprobado por la pasarela', sets: { paymentOutcome: 'failed' } },
  ReservationConfirmed: { label: 'Reserva confirmada', sets: { status: 'confirmed' } },
  ReservationReleased: { label: 'Reserva liberada tras el pago fallido', sets: { status: 'released' } },
  ReservationExpired: { label: 'Reserva vencida sin pago', sets: { status: 'expired' } },
  ReservationCancelled: { label: 'Reserva cancelada', sets: { status: 'cancelled' } },
  ReservationRefundRecorded: { label: 'Reembolso registrado', sets: { refunded: true } },
  ReservationReceiptSent: { label: 'Comprobante enviado por correo', sets: { receiptSent: true } },
  ReservationHoldExtended: { label: 'Retención de la unidad extendida' },
  // Campaña
  CampaignCreated: { label: 'Campaña creada', sets: { status: 'draft' } },
  CampaignDetailsChanged: { label: 'Datos de la campaña modificados' },
  CampaignLaunched: { label: 'Campaña lanzada', sets: { status: 'active' } },
  CampaignPaused: { label: 'Campaña pausada', sets: { status: 'paused' } },
  CampaignResumed: { label: 'Campaña reanudada', sets: { status: 'active' } },
  CampaignEnded: { label: 'Campaña terminada', sets: { status: 'ended' } },
  CampaignEliminated: { label: 'Campaña eliminada', sets: { status: 'eliminated' } },
  CampaignCollaboratorEnrolled: { label: 'Colaborador inscrito' },
  // Lead
  LeadCaptured: { label: 'Lead registrado', sets: { status: 'unfinished' } },
  LeadActivityRecorded: { label: 'Actividad del lead registrada' },
  LeadStatusChanged: { label: 'Estado del lead cambiado' },
  LeadScored: { label: 'Puntaje del lead calculado' },
  LeadPreApproved: { label: 'Lead preaprobado', sets: { preApproved: true } },
  LeadProfilingStopped: { label: 'Perfilamiento detenido por oposición del titular' },
  LeadProfilingResumed: { label: 'Perfilamiento reanudado' },
  LeadAssigned: { label: 'Lead asignado a un asesor' },
  // Usuario y sus roles
  UserRegistered: { label: 'Cuenta creada', sets: { verified: false, enabled: true } },
  UserEmailVerified: { label: 'Correo verificado', sets: { verified: true } },
  VerificationEmailResent: { label: 'Correo de verificación reenviado' },
  PasswordResetRequested: { label: 'Restablecimiento de contraseña solicitado' },
  PasswordChanged: { label: 'Contraseña cambiada' },
  UserProfileUpdated: { label: 'Perfil modificado' },
  UserDisabled: { label: 'Cuenta deshabilitada', sets: { enabled: false } },
  UserEnabled: { label: 'Cuenta habilitada', sets: { enabled: true } },
  UserRolesAdded: { label: 'Roles agregados' },
  UserRolesRemoved: { label: 'Roles quitados' },
  UserRolesModified: { label: 'Roles modificados' },
  // Empresa
  CompanyRegistered: { label: 'Empresa registrada' },
  CompanyProfileUpdated: { label: 'Perfil de la empresa modificado' },
};

export const isHistoryEventType = (type: string): type is HistoryEventType => Object.hasOwn(EVENT_LABELS, type);

/** The label of any stored event; an unknown type (written by a newer version) shows as itself. */
export const eventLabel = (type: string): string => (isHistoryEventType(type) ? EVENT_LABELS[type].label : type);

/** Reasons recorded as codes, in Spanish; a reason typed by a person is shown as written. */
const REASON_LABELS: Readonly<Record<string, string>> = {
  buyer: 'Cancelada por el comprador',
  hold_lost: 'La retención de la unidad se perdió antes del pago',
  gateway_error: 'La pasarela de pago no pudo abrir la transacción',
  staff: 'Cancelada por el equipo comercial',
  interrupted: 'El servidor se detuvo antes de abrir el pago; la unidad se liberó',
  payment_failed: 'El pago no fue aprobado',
  expired: 'La retención venció sin pago',
  cancelled: 'La reserva fue cancelada',
  UNIT_ALREADY_RESERVED: 'Esta unidad ya fue reservada por otro cliente.',
  PROPERTY_NOT_AVAILABLE: 'Esta propiedad no está disponible actualmente.',
};

export const reasonLabel = (reason: string): string => REASON_LABELS[reason] ?? reason;
