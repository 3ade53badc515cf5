import type { MailStatus, MailTemplateKey } from '../../../../contract/email';

export const STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'En cola',
  sending: 'Enviando',
  retrying: 'Esperando reintento',
  sent: 'Enviado',
  delivered: 'Entregado',
  opened: 'Abierto',
  clicked: 'Con clic',
  bounced: 'Rebotado',
  failed: 'Fallido',
};

export const TEMPLATE_LABELS: Record<MailTemplateKey, string> = {
  verification: 'Verificación de email',
  password_reset: 'Restablecer contraseña',
  quote: 'Cotización',
  reservation_receipt: 'Comprobante de reserva',
  availability_alert: 'Alerta de disponibilidad',
  registration_received: 'Solicitud de empresa recibida',
  registration_rejected: 'Solicitud de empresa rechazada',
  company_invitation: 'Invitación de empresa',
  team_invitation: 'Invitación al equipo',
  test: 'Correo de prueba',
  notification: 'Notificación',
  digest: 'Resumen de notificaciones',
};

export const TYPE_LABELS: Record<string, string> = {
  notification: 'Notificación',
  digest: 'Resumen',
  marketing: 'Marketing',
  system: 'Sistema',
  transactional: 'Transaccional',
};

export const SECURITY_LABELS: Record<string, string> = { none: 'Ninguna', starttls: 'STARTTLS', ssl: 'SSL/TLS' };

export const statusTone = (status: string): 'success' | 'warning' | 'danger' | 'neutral' =>
  ['sent', 'delivered', 'opened', 'clicked'].includes(status)
    ? 'success'
    : status === 'failed' || status === 'bounced'
      ? 'danger'
      : status === 'neutral'
        ? 'neutral'
        : 'warning';
