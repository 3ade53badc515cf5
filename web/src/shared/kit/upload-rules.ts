/**
 * What an upload accepts, checked in the browser before anything is sent (a quick answer in the spec's
 * Spanish words); the server checks the content again and has the last word.
 */
export interface UploadRule {
  /** Declared types accepted (the browser's `File.type`). */
  readonly types: readonly string[];
  /** File name endings accepted (lower case, with the dot), for types browsers leave empty (CSV on some systems). */
  readonly extensions: readonly string[];
  readonly maxBytes: number;
  /** Spanish names of the accepted types, as the server says them ("JPG, PNG, GIF, SVG o WEBP"). */
  readonly acceptLabel: string;
  /** Judge by the name's ending only (CSV: browsers declare it in many ways, or not at all). */
  readonly byName?: boolean;
}

export interface ChosenFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

const MB = 1024 * 1024;

export const megabytes = (bytes: number): number => Math.round(bytes / MB);

/** The `accept` attribute of a file chooser for this rule. */
export const acceptAttribute = (rule: UploadRule): string => [...rule.extensions, ...rule.types].join(',');

export const NO_FILE_MESSAGE = 'Elija un archivo.';
export const typeNotAllowedMessage = (rule: UploadRule): string => `Tipo de archivo no permitido: use ${rule.acceptLabel}.`;
export const tooLargeMessage = (rule: UploadRule): string => `El archivo supera el máximo de ${megabytes(rule.maxBytes)} MB.`;

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/**
 * Why this file cannot be sent, or null. A declared type must be one of the rule's; a file without one
 * (the browser did not know it) is judged by its name's ending.
 */
export const fileProblem = (file: ChosenFile | null | undefined, rule: UploadRule): string | null => {
  if (!file) return NO_FILE_MESSAGE;
  const typeOk = file.type && !rule.byName ? rule.types.includes(file.type.toLowerCase()) : rule.extensions.includes(extensionOf(file.name));
  if (!typeOk) return typeNotAllowedMessage(rule);
  if (file.size > rule.maxBytes) return tooLargeMessage(rule);
  return null;
};

/** Whole percent of the bytes sent (0 while the total is unknown). */
export const percentSent = (sent: number, total: number): number => (total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0);

/** Spec §9's limits, as the server applies them (adapters/http/routes). */
export const IMAGE_UPLOAD: UploadRule = {
  types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'],
  extensions: ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.svg'],
  maxBytes: 15 * MB,
  acceptLabel: 'JPG, PNG, GIF, SVG o WEBP',
};
/** Spec §9: bulk project images, JPG or PNG up to 10 MB each. */
export const BULK_IMAGE_UPLOAD: UploadRule = {
  types: ['image/jpeg', 'image/png'],
  extensions: ['.jpg', '.jpeg', '.png'],
  maxBytes: 10 * MB,
  acceptLabel: 'JPG o PNG',
};
export const FLOOR_PLAN_UPLOAD: UploadRule = {
  types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'],
  extensions: ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.pdf'],
  maxBytes: 15 * MB,
  acceptLabel: 'JPG, PNG, GIF, WEBP o PDF',
};
/** CSV or Excel: browsers declare CSV in many ways (text/csv, application/vnd.ms-excel, none), so its ending decides. */
export const SPREADSHEET_UPLOAD: UploadRule = {
  types: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  extensions: ['.csv', '.xlsx'],
  maxBytes: 10 * MB,
  acceptLabel: 'CSV o Excel (.xlsx)',
  byName: true,
};
/** The company registration's legal documents. */
export const LEGAL_DOCUMENT_UPLOAD: UploadRule = {
  types: ['application/pdf', 'image/jpeg', 'image/png'],
  extensions: ['.pdf', '.jpg', '.jpeg', '.png'],
  maxBytes: 10 * MB,
  acceptLabel: 'PDF, JPG o PNG',
};
