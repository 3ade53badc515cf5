import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { DomainError } from '../../domain/shared/errors';

/** One data row of an import: its number as the person sees it in the file (the header is row 1), and its cells by header. */
export type SheetRow = { row: number; cells: Record<string, string> };

/**
 * An .xlsx is a zip: what it expands to is read from its central directory before anything is inflated
 * (issue 47: 1.6 MB that unzipped to 372 MB held the server 25 s and 2.4 GB). An import's sheet compresses
 * some 5 to 20 times; a bomb, hundreds.
 */
const XLSX_LIMITS = { maxUncompressedBytes: 100 * 1024 * 1024, maxRatio: 100, maxEntries: 500 } as const;
/** A reading that takes longer is abandoned (its worker ended). */
const READ_TIMEOUT_MS = 60_000;
/** The worker's heap: whatever a file claims, reading it cannot take the process's memory. */
const READ_HEAP_MB = 512;

const refused = (message: string) => new DomainError('VALIDATION_FAILED', 'spreadsheet', [{ field: 'file', code: 'FILE_REJECTED', message }]);

/** Sizes from the zip's central directory: refused when it expands too much, in all or for its size. */
const checkZip = (bytes: Buffer): Promise<void> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(new Error(`not a zip: ${error?.message ?? ''}`));
      let total = 0;
      let entries = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        entries++;
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (
          entries > XLSX_LIMITS.maxEntries ||
          total > XLSX_LIMITS.maxUncompressedBytes ||
          (entry.uncompressedSize > 1024 * 1024 && ratio > XLSX_LIMITS.maxRatio)
        ) {
          zip.close();
          return reject(refused('El archivo Excel se expande demasiado al abrirlo (más de 100 MB o una compresión anómala): no se puede procesar.'));
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', (e: Error) => reject(new Error(`not a zip: ${e.message}`)));
      zip.readEntry();
    });
  });

/**
 * The reading itself, in a worker thread of its own (bounded heap and time): a large sheet never holds the
 * event loop. CSV: comma or semicolon, as Excel in Spanish saves it; UTF-8 with or without BOM. Excel: the
 * first worksheet. Reads at most `maxRows + 1` data rows (one more says the file has too many).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { bytes, format, maxRows } = workerData;
const text = (value) => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return String(value.result);
  return String(value).trim();
};
const read = async () => {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'csv') {
    const { parse } = require(${JSON.stringify(require.resolve('csv-parse/sync'))});
    const source = buffer.toString('utf8').replace(/^\\uFEFF/, '');
    const firstLine = source.split(/\\r?\\n/, 1)[0] || '';
    const delimiter = ((firstLine.match(/;/g) || []).length > (firstLine.match(/,/g) || []).length) ? ';' : ',';
    const records = parse(source, { columns: (h) => h.map((x) => x.trim()), delimiter, skip_empty_lines: true, trim: true, relax_column_count: true, to: maxRows + 1 });
    return records.map((cells, i) => ({ row: i + 2, cells }));
  }
  const ExcelJS = require(${JSON.stringify(require.resolve('exceljs'))});
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const headers = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => (headers[col] = text(cell.value)));
  const rows = [];
  for (let number = 2; number <= sheet.rowCount && rows.length <= maxRows; number++) {
    const cells = {};
    sheet.getRow(number).eachCell({ includeEmpty: true }, (cell, col) => headers[col] && (cells[headers[col]] = text(cell.value)));
    if (Object.values(cells).some((v) => v !== '')) rows.push({ row: number, cells });
  }
  return rows;
};
read().then((rows) => parentPort.postMessage({ rows }), (e) => parentPort.postMessage({ error: String((e && e.message) || e) }));
`;

const readInWorker = (bytes: Buffer, format: 'csv' | 'xlsx', maxRows: number): Promise<SheetRow[]> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bytes: new Uint8Array(bytes), format, maxRows },
      resourceLimits: { maxOldGenerationSizeMb: READ_HEAP_MB },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('spreadsheet reading timed out'));
    }, READ_TIMEOUT_MS);
    const done = () => clearTimeout(timer);
    worker.once('message', (answer: { rows?: SheetRow[]; error?: string }) => {
      done();
      void worker.terminate();
      if (answer.rows) resolve(answer.rows);
      else reject(new Error(answer.error ?? 'unreadable'));
    });
    worker.once('error', (error) => {
      done();
      reject(error);
    });
    worker.once('exit', (code) => {
      done();
      reject(new Error(`spreadsheet reader stopped (${code})`));
    });
  });

/** Rows of an import, at most `maxRows` (more is refused with the limit, in Spanish). */
const readSheet = async (bytes: Buffer, format: 'csv' | 'xlsx', maxRows: number): Promise<SheetRow[]> => {
  if (format === 'xlsx') await checkZip(bytes);
  const rows = await readInWorker(bytes, format, maxRows);
  if (rows.length > maxRows)
    throw refused(`El archivo supera el máximo de ${maxRows.toLocaleString('es-CL')} filas por importación: divídalo en varios archivos.`);
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

/** The imports' reader (application/catalog/project-import-runner.ts, application/companies/collaborator-import-runner.ts). */
export const spreadsheetReader = {
  read: (bytes: Buffer, format: 'csv' | 'xlsx', maxRows: number): Promise<SheetRow[]> => readSheet(bytes, format, maxRows),
};
