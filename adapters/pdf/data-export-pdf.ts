import PDFDocument from 'pdfkit';
import { eventLabel } from '../../application/audit/event-labels';
import { displayValue, fieldLabel, isPlumbingField } from '../../contract/display-text';
import { formatDateTime } from '../../domain/shared/es-cl-format';

const PURPLE = '#6b1e7a';
type Doc = InstanceType<typeof PDFDocument>;

interface ExportSectionLike {
  readonly title: string;
  readonly origin: string;
  readonly purpose: string;
  readonly recipients: string;
  readonly retention: string;
  readonly data: unknown;
}

export interface DataExportLike {
  readonly subjectId: string;
  readonly generatedAt: string;
  readonly controller: string;
  readonly sections: Partial<Record<string, ExportSectionLike>>;
}

/** A value as the person reads it: the platform's labels and es-CL formats; a recorded event by its Spanish name. */
const shown = (value: unknown, field: string): string => (field === 'type' && typeof value === 'string' ? eventLabel(value) : displayValue(value, field));

/**
 * Nested data as indented "Campo: valor" lines, so a person can read it without a JSON viewer: fields by their
 * Spanish names, values formatted, and the platform's plumbing (record ids, positions, tokens) left out. The
 * JSON export keeps every field as stored: it is the portable copy.
 */
const lines = (value: unknown, field = '', depth = 0, out: { depth: number; text: string }[] = []): { depth: number; text: string }[] => {
  if (Array.isArray(value)) {
    if (value.length === 0) out.push({ depth, text: '(sin registros)' });
    value.forEach((item, i) => {
      if (item !== null && typeof item === 'object') {
        out.push({ depth, text: `${i + 1}.` });
        lines(item, field, depth + 1, out);
      } else out.push({ depth, text: `${i + 1}. ${shown(item, field)}` });
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (isPlumbingField(key)) continue;
      if (v !== null && typeof v === 'object') {
        out.push({ depth, text: `${fieldLabel(key)}:` });
        lines(v, key, depth + 1, out);
      } else out.push({ depth, text: `${fieldLabel(key)}: ${shown(v, key)}` });
    }
  } else out.push({ depth, text: shown(value, field) });
  return out;
};

/**
 * The access right's readable copy (Ley 21.719): the same export as the JSON, one part per kind of data
 * with its origin, purpose, recipients and retention first, then the data itself.
 */
export const renderDataExportPdf = (data: DataExportLike): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc: Doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: 'Mis datos personales', Author: 'Vivienda Colaboradores' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fillColor(PURPLE).fontSize(20).text('Vivienda Colaboradores');
    doc.fillColor('#222').fontSize(14).text('Mis datos personales (Ley 21.719: acceso y portabilidad)').moveDown(0.4);
    doc.fontSize(10).text(`Generado: ${formatDateTime(data.generatedAt)} (hora de Chile) · Identificador seudónimo: ${data.subjectId}`);
    doc.text(`Responsable: ${data.controller}`);
    for (const [key, section] of Object.entries(data.sections)) {
      if (!section) continue;
      doc.moveDown(0.8).fillColor(PURPLE).fontSize(13).text(section.title).fillColor('#222').fontSize(9);
      for (const [label, text] of [
        ['Origen', section.origin],
        ['Finalidad', section.purpose],
        ['Destinatarios', section.recipients],
        ['Conservación', section.retention],
      ] as const)
        doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(text);
      doc.moveDown(0.3).fontSize(9);
      for (const line of lines(section.data, key)) doc.text(line.text, 60 + line.depth * 12, undefined, { width: 490 - line.depth * 12 });
      doc.x = 50;
    }
    doc.end();
  });
