/** A CSV column: its header and how a row becomes the cell's text. */
export interface CsvColumn<T> {
  readonly header: string;
  readonly value: (row: T) => string | number | boolean | null | undefined;
}

/*
 * Text starting with these is run as a formula by spreadsheet programs (CSV injection, OWASP): such cells
 * get a leading apostrophe, which spreadsheets show as text. Numbers are written as numbers. Spreadsheets skip
 * leading blanks and invisible format characters (zero-width space, BOM, bidi marks) and read full-width
 * signs (＝, ＋, －, ＠) as the ASCII ones, so the test looks past the first and folds the second (NFKC).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const INVISIBLE_LEAD = /^[\s\p{Cf}]+/u;

const runsAsFormula = (text: string): boolean => FORMULA_START.test(text) || FORMULA_START.test(text.replace(INVISIBLE_LEAD, '').normalize('NFKC'));

const cell = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = runsAsFormula(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled. */
export const toCsv = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string =>
  [columns.map((c) => cell(c.header)), ...rows.map((row) => columns.map((c) => cell(c.value(row))))].map((line) => line.join(',')).join('\r\n') + '\r\n';
