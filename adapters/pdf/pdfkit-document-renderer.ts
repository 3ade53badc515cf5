import PDFDocument from 'pdfkit';
import type { DocumentRecipient, DocumentRenderer, ReservationReceipt } from '../../application/quotes/documents';
import type { QuoteIssuedData } from '../../domain/quotes/quote';
import { formatCLP, formatDate, formatPercent, formatSurface, formatUF, formatUfValue } from '../../domain/shared/es-cl-format';

const uf = formatUF;
const pct = formatPercent;
/** dd-mm-yyyy: a calendar day as it is, an instant on Chile's calendar. */
const day = (value: string) => formatDate(value);
const whom = (to: DocumentRecipient) => `Para: ${[to.name, to.rut && `RUT ${to.rut}`, to.email].filter(Boolean).join(' · ')}`;

const PURPLE = '#6b1e7a';

type Doc = InstanceType<typeof PDFDocument>;

const render = (title: string, draw: (doc: Doc) => void): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    // Built-in Helvetica (WinAnsi) covers Spanish: á é í ó ú ñ ¿ ¡.
    const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: title, Author: 'Vivienda Colaboradores' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fillColor(PURPLE).fontSize(20).text('Vivienda Colaboradores');
    doc.fillColor('#222').fontSize(14).text(title).moveDown();
    draw(doc);
    doc.end();
  });

const section = (doc: Doc, heading: string, rows: [string, string][]) => {
  doc.moveDown(0.6).fillColor(PURPLE).fontSize(12).text(heading).fillColor('#222').fontSize(10);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.text(label, 50, y, { width: 260 });
    doc.text(value, 320, y, { width: 240, align: 'right' });
    doc.moveDown(0.2);
  }
};

/** The buyer's documents as PDF with pdfkit: quotes and reservation receipts. */
export class PdfkitDocumentRenderer implements DocumentRenderer {
  quote(q: QuoteIssuedData, to: DocumentRecipient): Promise<Buffer> {
    return render(`Cotización ${q.number}`, (doc) => {
      doc.fontSize(10).text(`Emitida el ${day(q.createdAt)} · válida hasta el ${day(q.validUntil)}`);
      doc.text(whom(to));
      section(doc, 'Proyecto y unidad', [
        ['Proyecto', `${q.project.name} (${q.project.communeName})`],
        ['Inmobiliaria', q.project.realEstateName],
        ['Unidad', `${q.unit.unitNumber} · tipología ${q.unit.typology} · modelo ${q.unit.model}`],
        ['Dormitorios / baños', `${q.unit.bedrooms} / ${q.unit.bathrooms}`],
        ['Superficie interior / terraza', `${formatSurface(q.unit.innerSurface)} / ${formatSurface(q.unit.outerSurface)}`],
        ['Precio', `${uf(q.priceUF)} · ${formatCLP(q.priceCLP)}`],
        ['Modalidad de precio', q.pricing === 'bonus' ? 'Con bono pie' : 'Normal'],
      ]);
      section(doc, 'Pie', [
        ['Pie del comprador', uf(q.downPayment.buyerUF)],
        ['Aporte de la empresa', uf(q.downPayment.companyContributionUF)],
        ['Aporte de la inmobiliaria', uf(q.downPayment.realEstateContributionUF)],
        ['Pie total', `${uf(q.downPayment.totalUF)} (${pct(q.downPayment.totalPercent)})`],
        ['Crédito hipotecario', `${uf(q.downPayment.loanUF)} (${pct(q.downPayment.financingPercent)})`],
      ]);
      const f = q.financing;
      section(doc, 'Financiamiento estimado', [
        ['Tasa anual', `${pct(q.annualRatePercent)} (${q.convention === 'nominal' ? 'tasa mensual = anual / 12' : 'tasa mensual equivalente'})`],
        ['Plazo', `${q.termYears} años (${f.termMonths} cuotas)`],
        ['Dividendo sin seguros', `${uf(f.monthlyPaymentUF)} · ${formatCLP(f.monthlyPaymentCLP)}`],
        ['Seguro de desgravamen (1er mes)', `${uf(f.insurance.desgravamenUF)} · ${formatCLP(f.insurance.desgravamenCLP)}`],
        ['Seguro de incendio y sismo', `${uf(f.insurance.fireEarthquakeUF)} · ${formatCLP(f.insurance.fireEarthquakeCLP)}`],
        ['Dividendo total', `${uf(f.totalMonthlyPaymentUF)} · ${formatCLP(f.totalMonthlyPaymentCLP)}`],
        ['Renta mínima requerida', `${formatCLP(f.minimumIncomeCLP)} (carga máxima ${pct(f.maxDebtRatioPercent)})`],
        ['CAE estimada', pct(f.cae)],
      ]);
      doc.moveDown().fontSize(8).fillColor('#555');
      doc.text(
        `Valores en pesos calculados con la UF del ${day(q.ufDate)} (${formatUfValue(q.ufValue)}). Simulación referencial: ` +
          'el dividendo, los seguros y la CAE definitivos los informa la institución financiera que otorgue el crédito.',
        50,
        doc.y,
        { width: 510 },
      );
    });
  }

  reservationReceipt(r: ReservationReceipt, to: DocumentRecipient): Promise<Buffer> {
    return render('Comprobante de reserva', (doc) => {
      doc.fontSize(10).text(whom(to));
      section(doc, 'Reserva', [
        ['Proyecto', r.projectName],
        ['Unidad', r.unitNumber],
        ['Monto pagado', formatCLP(r.amountCLP)],
        ['Orden de compra', r.buyOrder],
        ['Código de autorización', r.authorizationCode ?? '-'],
        ['Tarjeta', r.cardLast4 ? `•••• ${r.cardLast4}` : '-'],
        ['Fecha de la transacción', r.transactionDate ? day(r.transactionDate) : '-'],
        ['Confirmada el', day(r.confirmedAt)],
      ]);
      doc
        .moveDown()
        .fontSize(8)
        .fillColor('#555')
        .text('El monto de la reserva se abona al pie y se devuelve si la unidad no se confirma.', 50, doc.y, { width: 510 });
    });
  }
}
