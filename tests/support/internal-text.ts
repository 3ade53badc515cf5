/**
 * What must never reach a person's eyes (issue 46, item 11): the platform's internal text. Everything a person
 * reads is Spanish, labelled, es-CL formatted and in Chile's time zone; a finding names the rule and the words.
 */

/** Values of the platform's closed vocabularies, in English as the code stores them. */
const ENGLISH_VALUES = [
  'collaborator',
  'employer',
  'real_estate',
  'aborted',
  'rejected',
  'confirmed',
  'pending',
  'user',
  'admin',
  'active',
  'draft',
  'paused',
  'ended',
  'failed',
  'sent',
  'delivered',
  'cancelled',
  'expired',
  'released',
  'held',
  'requested',
  'department',
  'house',
  'reservation',
  'reservations',
  'Reservations',
  'system',
  'unfinished',
  'downloaded',
  'derivated',
  'manager',
  'advisor',
  'true',
  'false',
  'null',
  'undefined',
  'AUTHORIZED',
  'ABORTED',
  'FAILED',
  'IMMEDIATE_DELIVERY',
];

/** Addresses and identifiers people do read (mail addresses, links, ids of records) are not words to judge. */
const withoutAddresses = (text: string): string =>
  text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/(^|\s)\/[\w/?=&.-]*/g, ' ')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' ');

const RULES: readonly { readonly rule: string; readonly pattern: RegExp }[] = [
  { rule: 'camelCase field name', pattern: /\b[a-z]+(?:[A-Z][a-z0-9]+)+\b/g },
  { rule: 'snake_case name', pattern: /(?<![\w-])(_[a-z]+|[a-z]+(?:_[a-z0-9]+)+)\b/g },
  { rule: 'English value', pattern: new RegExp(`(?<![\\w@.-])(${ENGLISH_VALUES.join('|')})(?![\\w@-])`, 'g') },
  { rule: 'ISO date or instant', pattern: /\b\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}[^\s,]*)?/g },
  { rule: 'UTC time', pattern: /\b(UTC|GMT)\b/g },
  { rule: 'money without thousands separator', pattern: /(\$|\bUF)\s?\d{4,}|\b\d{4,}\s?(CLP|UF)\b/g },
  { rule: 'money without thousands separator', pattern: /\b(Monto|Precio|Aporte|Valor|Ingreso|Renta|Pie|Dividendo)[^:\n]{0,30}:\s*\d{4,}\b/g },
];

export interface InternalText {
  readonly where: string;
  readonly rule: string;
  readonly text: string;
}

/** Every piece of internal text in `text`, with where it was read. */
export const internalText = (where: string, text: string): InternalText[] => {
  const readable = withoutAddresses(text);
  return RULES.flatMap(({ rule, pattern }) => [...readable.matchAll(pattern)].map((m) => ({ where, rule, text: m[0] })));
};

/** Amounts in a CSV column about money read as money: '$1.234', 'UF 1.234,56' (or nothing). */
const MONEY_HEADER = /monto|precio|aporte|ingreso|valor|renta/i;
const MONEY = /^(\$\d{1,3}(\.\d{3})*|UF \d{1,3}(\.\d{3})*,\d{2})$/;

const csvCells = (line: string): string[] => {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
};

/** A CSV export's internal text: its headers and cells as text, and its money columns as money. */
export const internalTextOfCsv = (where: string, csv: string): InternalText[] => {
  const [header, ...rows] = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map(csvCells);
  const findings = internalText(where, csv);
  header.forEach((name, column) => {
    if (!MONEY_HEADER.test(name)) return;
    for (const row of rows) {
      const value = row[column] ?? '';
      if (value && !MONEY.test(value)) findings.push({ where: `${where}, ${name}`, rule: 'money not es-CL', text: value });
    }
  });
  return findings;
};
