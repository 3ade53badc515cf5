export { MAIL_STATUS_LABELS as STATUS_LABELS, MAIL_TEMPLATE_LABELS as TEMPLATE_LABELS } from '../../../../contract/email';

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
