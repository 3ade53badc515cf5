import { MAIL_TEMPLATE_LABELS, type MailStatus, type MailTemplateKey } from '../../../../contract/email';

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

export const TEMPLATE_LABELS: Readonly<Record<MailTemplateKey, string>> = MAIL_TEMPLATE_LABELS;

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
