import { ASSET_TYPE_LABELS, BUILD_STATUS_LABELS } from '../domain/catalog/catalog-values';
import {
  formatCLP,
  formatDate,
  formatDateTime,
  formatInteger,
  formatMonth,
  formatPercent,
  formatPhone,
  formatRut,
  formatSurface,
  formatUF,
} from '../domain/shared/es-cl-format';
import { isKnownRole, ROLES } from '../domain/shared/roles';
import { CAMPAIGN_STATUS_LABELS } from './campaigns';
import { MAIL_STATUS_LABELS, MAIL_TEMPLATE_LABELS } from './email';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from './leads';
import { DATA_REQUEST_KIND_LABELS } from './personal-data';
import { RESERVATION_STATUS_LABELS } from './reservations';

/**
 * The one place where the platform's recorded facts become what a person reads: a field's Spanish name and
 * its value in es-CL (money, UF, dates in Chile's time zone, states in Spanish). The back office's Historial
 * tabs, the personal-data PDF and anything else that shows an event's or a document's fields go through it,
 * so a field named once here reads the same everywhere.
 */

/** Spanish names of the fields events and exported documents carry. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  // Estados
  status: 'Estado',
  enabled: 'Habilitado',
  disabled: 'Cuenta deshabilitada',
  active: 'Activo',
  featured: 'Destacado',
  commercialStatus: 'Estado comercial',
  paymentOutcome: 'Resultado del pago',
  outcome: 'Resultado',
  failure: 'Motivo del rechazo',
  refunded: 'Reembolsado',
  refundDue: 'Reembolso pendiente',
  refund: 'Reembolso',
  receiptSent: 'Comprobante enviado',
  receiptSentTo: 'Comprobante enviado a',
  verified: 'Correo verificado',
  preApproved: 'Preaprobado',
  read: 'Leída',
  // Personas y cuentas
  roles: 'Roles',
  newRoles: 'Roles nuevos',
  previousRoles: 'Roles anteriores',
  added: 'Agregados',
  removed: 'Quitados',
  changeType: 'Tipo de cambio',
  modifiedBy: 'Modificado por',
  name: 'Nombre',
  firstLastName: 'Primer apellido',
  secondLastName: 'Segundo apellido',
  firstSurname: 'Primer apellido',
  secondSurname: 'Segundo apellido',
  email: 'Correo',
  workEmail: 'Correo laboral',
  personalEmail: 'Correo personal',
  phone: 'Teléfono',
  rut: 'RUT',
  dni: 'RUT',
  post: 'Cargo',
  plan: 'Plan',
  kind: 'Tipo',
  company: 'Empresa',
  companyName: 'Empresa',
  companyContributionUF: 'Aporte de la empresa',
  monthlyIncome: 'Renta mensual',
  joinedAt: 'Registrado el',
  verifiedAt: 'Verificado el',
  marketingConsent: 'Acepta comunicaciones comerciales',
  marketingOpposed: 'Se opone a comunicaciones comerciales',
  profilingOpposed: 'Se opone al perfilamiento',
  processingBlocked: 'Tratamiento bloqueado',
  profiled: 'Perfilado',
  consent: 'Consentimiento',
  restrictions: 'Restricciones',
  // Proyecto
  description: 'Descripción',
  address: 'Dirección',
  city: 'Ciudad',
  communeName: 'Comuna',
  regionName: 'Región',
  latitude: 'Latitud',
  longitude: 'Longitud',
  deliveryDate: 'Fecha de entrega',
  buildStatus: 'Estado de obra',
  assetType: 'Tipo de propiedad',
  features: 'Características',
  relevantFeatures: 'Características destacadas',
  reservationPrice: 'Valor de la reserva',
  reservationToDownPayment: 'La reserva se abona al pie',
  contactEmail: 'Correo de contacto',
  contactPhone: 'Teléfono de contacto',
  contact: 'Contacto',
  operator: 'Ejecutivo',
  secondaryOperator: 'Ejecutivo secundario',
  totalUnits: 'Total de unidades',
  quantityOfUnits: 'Cantidad de unidades',
  addedValue: 'Valor agregado',
  capitalGain: 'Plusvalía',
  directSale: 'Venta directa',
  enteredDate: 'Fecha de ingreso',
  reservationPaid: 'Reserva pagada',
  comments: 'Comentarios',
  realEstate: 'Inmobiliaria',
  pricing: 'Opciones de precio',
  bonusEnabled: 'Bono pie habilitado',
  bonusDescription: 'Descripción del bono',
  title: 'Título',
  month: 'Mes',
  category: 'Categoría',
  order: 'Orden',
  primary: 'Principal',
  alt: 'Texto alternativo',
  // Unidad
  unitNumber: 'Unidad',
  typology: 'Tipología',
  model: 'Modelo',
  bedrooms: 'Dormitorios',
  bathrooms: 'Baños',
  orientation: 'Orientación',
  floor: 'Piso',
  parkingLot: 'Estacionamientos',
  store: 'Bodegas',
  regularPrice: 'Precio normal',
  discountPrice: 'Precio con descuento',
  footVoucherPrice: 'Precio con bono pie',
  realEstateContribution: 'Aporte de la inmobiliaria',
  innerSurface: 'Superficie interior',
  outerSurface: 'Superficie de terraza',
  constructionFoot: 'Pie en construcción',
  constructionPaymentFees: 'Cuotas del pie en construcción',
  deedPercentage: 'Porcentaje de escritura',
  deedFees: 'Cuotas de escritura',
  downPaymentPercentage: 'Porcentaje de pie',
  creditPostSaleMaxPercentage: 'Crédito posventa: porcentaje máximo',
  creditPostSaleRate: 'Crédito posventa: tasa',
  creditPostSaleMaxFees: 'Crédito posventa: cuotas máximas',
  estimatedRents: 'Arriendos estimados',
  minimumPledgePercentage: 'Porcentaje mínimo de pie',
  minimumPledgeFees: 'Cuotas del pie mínimo',
  minimumFoot: 'Pie mínimo',
  minimumCredit: 'Crédito mínimo',
  creditInterestRate: 'Tasa del crédito',
  maximumCreditInstallments: 'Cuotas máximas del crédito',
  minimumPromise: 'Promesa mínima',
  minimumPromiseQuota: 'Cuotas de la promesa',
  // Reserva y pago
  amountCLP: 'Monto',
  buyerName: 'Comprador',
  buyerEmail: 'Correo del comprador',
  projectName: 'Proyecto',
  holdExpiresAt: 'Retención hasta',
  gateway: 'Pasarela',
  buyOrder: 'Orden de compra',
  authorizationCode: 'Código de autorización',
  responseCode: 'Código de respuesta',
  gatewayStatus: 'Estado en la pasarela',
  gatewayReference: 'Referencia de la pasarela',
  paymentTypeCode: 'Tipo de pago',
  installments: 'Cuotas',
  cardLast4: 'Tarjeta (últimos 4 dígitos)',
  transactionDate: 'Fecha de la transacción',
  refundType: 'Tipo de reembolso',
  payment: 'Pago',
  // Lead, campaña, cotización
  score: 'Puntaje',
  source: 'Origen',
  websiteVisits: 'Visitas al sitio',
  documentsDownloaded: 'Documentos descargados',
  chatMessages: 'Mensajes de chat',
  contactRequests: 'Solicitudes de contacto',
  activityCount: 'Actividades',
  reservations: 'Reservas',
  quotes: 'Cotizaciones',
  activities: 'Actividades',
  preferredContactMethod: 'Medio de contacto preferido',
  preferredTime: 'Horario preferido',
  message: 'Mensaje',
  startDate: 'Inicio',
  endDate: 'Término',
  autoEnrollment: 'Inscripción automática',
  selfEnrollmentByRut: 'Inscripción propia por RUT',
  companyContributionApplies: 'Aplica el aporte de la empresa',
  number: 'Número',
  validUntil: 'Válida hasta',
  priceUF: 'Precio',
  priceCLP: 'Precio en pesos',
  // Notificaciones y correos
  subject: 'Asunto',
  body: 'Mensaje',
  to: 'Destinatario',
  template: 'Plantilla',
  priority: 'Prioridad',
  attempts: 'Intentos',
  lastError: 'Último error',
  link: 'Enlace',
  // Cuándo
  at: 'Fecha',
  occurredAt: 'Fecha',
  createdAt: 'Creado el',
  updatedAt: 'Modificado el',
  requestedAt: 'Solicitada el',
  heldAt: 'Retenida el',
  startedAt: 'Iniciado el',
  confirmedAt: 'Confirmada el',
  failedAt: 'Falló el',
  receiptSentAt: 'Comprobante enviado el',
  dueAt: 'Vence el',
  queuedAt: 'En cola desde',
  sentAt: 'Enviado el',
  openedAt: 'Abierto el',
  clickedAt: 'Clic el',
  assignedAt: 'Asignado el',
  contactDueAt: 'Contactar antes del',
  firstContactAt: 'Primer contacto el',
  lastActivityAt: 'Última actividad el',
  promisedAt: 'Promesa firmada el',
  reason: 'Motivo',
  type: 'Evento',
  history: 'Historial',
};

/** Values of closed vocabularies, by the field that holds them (the same word means different things in two fields). */
const VALUES_BY_FIELD: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  template: MAIL_TEMPLATE_LABELS,
  modifiedBy: { system: 'Sistema' },
  post: { collaborator: 'Colaborador', manager: 'Gerente', director: 'Director' },
  failure: { rejected: 'Rechazado por el banco', aborted: 'Anulado por el comprador', timeout: 'Tiempo agotado', error: 'Error de la pasarela' },
  gatewayStatus: { AUTHORIZED: 'Autorizado', FAILED: 'Rechazado', ABORTED: 'Anulado', REVERSED: 'Reversado', NULLIFIED: 'Anulado', INITIALIZED: 'Iniciado' },
  paymentTypeCode: {
    VD: 'Débito',
    VP: 'Prepago',
    VN: 'Crédito sin cuotas',
    VC: 'Crédito en cuotas',
    SI: 'Tres cuotas sin interés',
    S2: 'Dos cuotas sin interés',
    NC: 'Cuotas sin interés',
  },
  gateway: { sandbox: 'Webpay (pruebas)', webpay: 'Webpay Plus' },
  buildStatus: BUILD_STATUS_LABELS,
  assetType: ASSET_TYPE_LABELS,
  source: LEAD_SOURCE_LABELS,
  category: {
    cover: 'Portada',
    gallery: 'Galería',
    card: 'Tarjeta',
    additional: 'Adicional',
    project: 'Proyecto',
    unit: 'Unidad',
    system: 'Sistema',
    projects: 'Proyectos',
    campaigns: 'Campañas',
    security: 'Seguridad',
  },
  changeType: { added: 'Roles agregados', removed: 'Roles quitados', modified: 'Roles modificados' },
  priority: { urgent: 'Urgente', high: 'Alta', medium: 'Media', low: 'Baja' },
  preferredContactMethod: { email: 'Correo', phone: 'Teléfono', both: 'Correo y teléfono' },
  preferredTime: { morning: 'Mañana (9 a 12)', afternoon: 'Tarde (12 a 18)', evening: 'Noche (18 a 21)', any: 'Cualquier horario' },
  refundType: { automatic: 'Automático', manual: 'Manual' },
  commercialStatus: {
    not_reserved: 'Disponible',
    in_process: 'En proceso',
    reserved: 'Reservada',
    sold: 'Vendida',
    pre_sale: 'Preventa',
    on_sale: 'En venta',
    last_units: 'Últimas unidades',
    sold_out: 'Agotado',
  },
};

/** Kinds recorded under `kind`: a company's, a lead activity's, a data request's, a legal document's. */
const KIND_LABELS: Readonly<Record<string, string>> = {
  employer: 'Empresa empleadora',
  real_estate: 'Inmobiliaria',
  ...LEAD_SOURCE_LABELS,
  ...DATA_REQUEST_KIND_LABELS,
};

/** States the platform's entities move between (reservations, payments, campaigns, leads, mails, users). */
const STATE_LABELS: Readonly<Record<string, string>> = {
  ...CAMPAIGN_STATUS_LABELS,
  ...LEAD_STATUS_LABELS,
  ...RESERVATION_STATUS_LABELS,
  ...MAIL_STATUS_LABELS,
  payment_started: 'Pago iniciado',
  payment_failed: 'Pago fallido',
  pending: 'Pendiente',
  failed: 'Fallido',
  sent: 'Enviado',
  delivered: 'Entregado',
  opened: 'Abierto',
  clicked: 'Clic',
  bounced: 'Rebotado',
  queued: 'En cola',
  pending_verification: 'Pendiente de verificación',
  disabled: 'Deshabilitada',
  approved: 'Aprobada',
  completed: 'Completada',
  in_progress: 'En curso',
  not_reserved: 'Disponible',
  in_process: 'En proceso',
  reserved: 'Reservada',
  sold: 'Vendida',
  on_sale: 'En venta',
};

/** Fields whose number is an amount in pesos, in UF, a percentage or a surface. */
const isPesos = (field: string): boolean => /CLP$|^amount|^reservationPrice$|^monthlyIncome$|^estimatedRents?$/.test(field);
const isUF = (field: string): boolean =>
  /UF$|^(regularPrice|discountPrice|footVoucherPrice|realEstateContribution|constructionFoot|minimumFoot|minimumCredit|minimumPromise)$/.test(field);
const isPercent = (field: string): boolean => /(Percent|Percentage|Rate|^capitalGain)$/.test(field);
const isSurface = (field: string): boolean => /Surface$/.test(field);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const CALENDAR_MONTH = /^\d{4}-\d{2}$/;
const E164 = /^\+\d{8,15}$/;

/** Plumbing no person needs to read: ids of records (names say which), positions, revisions, tokens, addresses of the API. */
export const isPlumbingField = (field: string): boolean =>
  field === '_id' ||
  /(Id|Ids|Ref|Hash|Token)$/.test(field) ||
  ['id', 'revision', 'position', 'correlationId', 'causationId', 'token', 'url', 'returnUrl', 'sessionId', 'schemaVersion', 'fileRef'].includes(field);

/** A field's Spanish name; a field the table does not know is shown in words rather than as its code name. */
export const fieldLabel = (field: string): string => {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A role's name as the back office shows it ('user' is 'Usuario'). */
const roleLabel = (role: string): string => (isKnownRole(role) ? ROLES[role].display_name : role);

const labelOfText = (field: string, text: string): string => {
  if (field === 'roles' || field.endsWith('Roles') || field === 'added' || field === 'removed') return roleLabel(text);
  const byField = VALUES_BY_FIELD[field]?.[text];
  if (byField) return byField;
  if (field === 'kind') return KIND_LABELS[text] ?? text;
  if (ISO_INSTANT.test(text)) return formatDateTime(text);
  if (CALENDAR_DAY.test(text)) return formatDate(text);
  if (CALENDAR_MONTH.test(text) && (field === 'month' || field.endsWith('Date'))) return formatMonth(text);
  if (field === 'rut' || field === 'dni') return formatRut(text);
  if (E164.test(text)) return formatPhone(text);
  return STATE_LABELS[text] ?? text;
};

const labelOfNumber = (field: string, value: number): string => {
  if (isPesos(field)) return formatCLP(value);
  if (isUF(field)) return formatUF(value);
  if (isPercent(field)) return formatPercent(value);
  if (isSurface(field)) return formatSurface(value);
  if (field === 'latitude' || field === 'longitude') return new Intl.NumberFormat('es-CL', { maximumFractionDigits: 6 }).format(value);
  return Number.isInteger(value) ? formatInteger(value) : new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 }).format(value);
};

/**
 * A value as a person reads it, knowing the field it is in: Sí/No, amounts in pesos or UF, dates in Chile's
 * time zone, states and kinds in Spanish, roles by their names, a record's fields by their labels; '—' for nothing.
 */
export const displayValue = (value: unknown, field = ''): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return labelOfNumber(field, value);
  if (typeof value === 'string') return labelOfText(field, value);
  if (Array.isArray(value)) return value.length ? value.map((v) => displayValue(v, field)).join(', ') : '—';
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !isPlumbingField(key))
      .map(([key, v]) => `${fieldLabel(key)}: ${displayValue(v, key)}`);
    return parts.length ? parts.join('; ') : '—';
  }
  return String(value);
};
