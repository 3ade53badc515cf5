import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from '../../../../contract/leads';

/** Spanish names of the lead's statuses, sources (contract/leads.ts) and timeline entries. */
export const STATUS_LABELS: Readonly<Record<string, string>> = LEAD_STATUS_LABELS;
export const SOURCE_LABELS: Readonly<Record<string, string>> = LEAD_SOURCE_LABELS;

export const TIMELINE_LABELS: Readonly<Record<string, string>> = {
  ...SOURCE_LABELS,
  status_changed: 'Cambio de estado',
  assigned: 'Asignación a asesor',
};

export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status;
export const sourceLabel = (source: string): string => SOURCE_LABELS[source] ?? source;
