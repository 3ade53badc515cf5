import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/** One data row of an import: its number as the person sees it in the file (the header is row 1), and its cells by header. */
export type SheetRow = { row: number; cells: Record<string, string> };

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'text' in (value as object)) return String((value as { text: unknown }).text);
  if (typeof value === 'object' && 'result' in (value as object)) return String((value as { result: unknown }).result);
  return String(value).trim();
};

/** CSV (comma or semicolon, as Excel in Spanish saves it; UTF-8 with or without BOM). */
export const readCsv = (bytes: Buffer): SheetRow[] => {
  const source = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records = parse(source, {
    columns: (header: string[]) => header.map((h) => h.trim()),
    delimiter,
    skip_empty_lines: true,
    trim: true,
    relax_column_count: true,
  }) as Record<string, string>[];
  return records.map((cells, i) => ({ row: i + 2, cells }));
};

/** The first worksheet of an .xlsx file. */
export const readXlsx = async (bytes: Buffer): Promise<SheetRow[]> => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => (headers[col] = text(cell.value)));
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells: Record<string, string> = {};
    row.eachCell({ includeEmpty: true }, (cell, col) => headers[col] && (cells[headers[col]] = text(cell.value)));
    if (Object.values(cells).some((v) => v !== '')) rows.push({ row: number, cells });
  });
  return rows;
};

/** A template: the header row and example rows, as CSV (UTF-8 with BOM, for Excel) or .xlsx. */
export const writeTemplate = async (
  format: 'csv' | 'xlsx',
  headers: readonly string[],
  examples: readonly (readonly (string | number)[])[],
): Promise<Buffer> => {
  if (format === 'csv') {
    const quote = (v: string | number) => (/[",;\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
    return Buffer.from(`\uFEFF${[headers, ...examples].map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`, 'utf8');
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Datos');
  sheet.addRow([...headers]).font = { bold: true };
  for (const example of examples) sheet.addRow([...example]);
  sheet.columns.forEach((c) => (c.width = 22));
  return Buffer.from(await book.xlsx.writeBuffer());
};

/** The bulk project upload's reader (application/catalog/project-import-runner.ts). */
export const spreadsheetReader = {
  read: (bytes: Buffer, format: 'csv' | 'xlsx'): Promise<SheetRow[]> => (format === 'csv' ? Promise.resolve(readCsv(bytes)) : readXlsx(bytes)),
};
