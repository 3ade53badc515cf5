import type { BUSINESS_TYPES, LEGAL_DOCUMENT_KINDS, WEEKDAYS } from '../../../../../contract/company-registrations';

export const BUSINESS_TYPE_LABELS: Record<(typeof BUSINESS_TYPES)[number], string> = {
  real_estate_agency: 'Corredora de propiedades',
  real_estate_company: 'Inmobiliaria',
  developer: 'Desarrolladora',
  broker: 'Corredor',
  other: 'Otro',
};

export const WEEKDAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Lunes',
  tuesday: 'Martes',
  wednesday: 'Miércoles',
  thursday: 'Jueves',
  friday: 'Viernes',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

export const DOCUMENT_KIND_LABELS: Record<(typeof LEGAL_DOCUMENT_KINDS)[number], string> = {
  constitution: 'Escritura de constitución',
  rut_certificate: 'Certificado de RUT (e-RUT)',
  legal_representative_id: 'Cédula del representante legal',
  bank_certificate: 'Certificado bancario',
  other: 'Otro documento',
};

export const ACCOUNT_TYPE_LABELS = { corriente: 'Cuenta corriente', vista: 'Cuenta vista', ahorro: 'Cuenta de ahorro' } as const;
