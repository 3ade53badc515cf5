import PDFDocument from 'pdfkit';
import type { DocumentRecipient, DocumentRenderer, ReservationReceipt } from '../../application/quotes/documents';
import type { QuoteIssuedData } from '../../domain/quotes/quote';

const CLP = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });
const UF2 = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const PCT = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const uf = (value: number) => `UF ${UF2.format(value)}`;
const pct = (value: number) => `${PCT.format(value)} %`;
/** dd-mm-yyyy, as es-CL shows dates. */
const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');
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
        ['Superficie interior / terraza', `${UF2.format(q.unit.innerSurface)} m² / ${UF2.format(q.unit.outerSurface)} m²`],
        ['Precio', `${uf(q.priceUF)} · ${CLP.format(q.priceCLP)}`],
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
        ['Dividendo sin seguros', `${uf(f.monthlyPaymentUF)} · ${CLP.format(f.monthlyPaymentCLP)}`],
        ['Seguro de desgravamen (1er mes)', `${uf(f.insurance.desgravamenUF)} · ${CLP.format(f.insurance.desgravamenCLP)}`],
        ['Seguro de incendio y sismo', `${uf(f.insurance.fireEarthquakeUF)} · ${CLP.format(f.insurance.fireEarthquakeCLP)}`],
        ['Dividendo total', `${uf(f.totalMonthlyPaymentUF)} · ${CLP.format(f.totalMonthlyPaymentCLP)}`],
        ['Renta mínima requerida', `${CLP.format(f.minimumIncomeCLP)} (carga máxima ${pct(f.maxDebtRatioPercent)})`],
        ['CAE estimada', pct(f.cae)],
      ]);
      doc.moveDown().fontSize(8).fillColor('#555');
      doc.text(
        `Valores en pesos calculados con la UF del ${day(q.ufDate)} (${CLP.format(q.ufValue)}). Simulación referencial: ` +
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
        ['Monto pagado', CLP.format(r.amountCLP)],
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
