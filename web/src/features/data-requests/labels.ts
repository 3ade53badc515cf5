import { DATA_REQUEST_KIND_LABELS } from '../../../../contract/personal-data';

/** Spanish names of the kinds, statuses and steps of a data request (Ley 21.719). */
export const KIND_LABELS: Readonly<Record<string, string>> = DATA_REQUEST_KIND_LABELS;

export const STATUS_LABELS: Readonly<Record<string, string>> = {
  submitted: 'Recibida',
  verified: 'Identidad verificada',
  completed: 'Respondida',
  rejected: 'Rechazada',
};

export const STEP_LABELS: Readonly<Record<string, string>> = {
  submitted: 'Recibida',
  identity_verified: 'Identidad verificada',
  completed: 'Respondida',
  rejected: 'Rechazada',
  reminded: 'Aviso de vencimiento',
};

export const DUE_LABELS: Readonly<Record<string, string>> = { overdue: 'Vencida', soon: 'Por vencer', ontime: 'En plazo' };

export const RESTRICTION_LABELS: Readonly<Record<string, string>> = {
  ProcessingBlocked: 'Tratamiento bloqueado',
  ProcessingUnblocked: 'Bloqueo levantado',
  MarketingOpposed: 'Se opuso al marketing',
  MarketingOppositionWithdrawn: 'Retiró su oposición al marketing',
  ProfilingOpposed: 'Se opuso a la elaboración de perfiles',
  ProfilingOppositionWithdrawn: 'Retiró su oposición a perfiles',
  MarketingConsentGiven: 'Aceptó correos comerciales',
  MarketingConsentWithdrawn: 'Retiró su consentimiento a correos comerciales',
};
