import { formatDateTime } from '../format/format';

/** Spanish names of the fields the events change; a field not listed shows as it is named. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  status: 'Estado',
  enabled: 'Habilitado',
  featured: 'Destacado',
  commercialStatus: 'Estado comercial',
  paymentOutcome: 'Resultado del pago',
  refunded: 'Reembolsado',
  receiptSent: 'Comprobante enviado',
  roles: 'Roles',
  verified: 'Correo verificado',
  preApproved: 'Preaprobado',
  name: 'Nombre',
  firstLastName: 'Primer apellido',
  secondLastName: 'Segundo apellido',
  email: 'Correo',
  personalEmail: 'Correo personal',
  phone: 'Teléfono',
  rut: 'RUT',
  description: 'Descripción',
  amountCLP: 'Monto (CLP)',
  buyerName: 'Comprador',
  buyerEmail: 'Correo del comprador',
  buyerId: 'ID del comprador',
  projectName: 'Proyecto',
  unitNumber: 'Unidad',
  holdExpiresAt: 'Retención hasta',
  gateway: 'Pasarela',
  buyOrder: 'Orden de compra',
  authorizationCode: 'Código de autorización',
  responseCode: 'Código de respuesta',
  gatewayStatus: 'Estado en la pasarela',
  gatewayReference: 'Referencia de la pasarela',
  refundType: 'Tipo de reembolso',
  score: 'Puntaje',
  startDate: 'Inicio',
  endDate: 'Término',
};

/** Spanish names of the states the events move between. */
const VALUE_LABELS: Readonly<Record<string, string>> = {
  requested: 'Solicitada',
  held: 'Unidad retenida',
  rejected: 'Rechazada',
  payment_started: 'Pago iniciado',
  payment_confirmed: 'Pago aprobado',
  payment_failed: 'Pago fallido',
  confirmed: 'Confirmada',
  released: 'Liberada',
  expired: 'Vencida',
  cancelled: 'Cancelada',
  pending: 'Pendiente',
  failed: 'Fallido',
  reserved: 'Reservada',
  not_reserved: 'Disponible',
  in_process: 'En proceso',
  sold: 'Vendida',
  draft: 'Borrador',
  active: 'Activa',
  paused: 'Pausada',
  ended: 'Terminada',
  eliminated: 'Eliminada',
  unfinished: 'Sin terminar',
  downloaded: 'Descargado',
  derivated: 'Derivado',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A changed value as text: Sí/No, lists, dates in es-CL, known states in Spanish, '—' for nothing. */
export const historyValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(historyValue).join(', ') : '—';
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : (VALUE_LABELS[value] ?? value);
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
};

export const historyFieldLabel = (field: string): string => FIELD_LABELS[field] ?? field;
