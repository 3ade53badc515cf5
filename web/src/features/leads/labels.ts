/** Spanish names of the lead's statuses, sources and timeline entries. */
export const STATUS_LABELS: Readonly<Record<string, string>> = {
  unfinished: 'Sin terminar',
  downloaded: 'Descargó',
  derivated: 'Derivado',
  rejected: 'Rechazado',
};

export const SOURCE_LABELS: Readonly<Record<string, string>> = {
  contact_request: 'Solicitud de contacto',
  advisor_request: 'Solicitud de asesor',
  quote_downloaded: 'Cotización descargada',
  quote_emailed: 'Cotización por correo',
  reservation: 'Reserva',
  website_visit: 'Visita al sitio',
  chat_message: 'Mensaje de chat',
};

export const TIMELINE_LABELS: Readonly<Record<string, string>> = {
  ...SOURCE_LABELS,
  status_changed: 'Cambio de estado',
  assigned: 'Asignación a asesor',
};

export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status;
export const sourceLabel = (source: string): string => SOURCE_LABELS[source] ?? source;
