import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ApiClient } from '../support/api-client';
import { startTestApp, tempDir, type TestApp } from '../support/test-app';
import { readModelsCaughtUp } from '../support/buyers';

let app: TestApp;
let collaborator: ApiClient;
let unitId: string;
beforeAll(async () => {
  app = await startTestApp();
  await readModelsCaughtUp(app);
  collaborator = app.client();
  await collaborator.login('colaborador@demo.cl');
  const units = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true&bedrooms=2')).body.items;
  unitId = units[0].id;
});
afterAll(() => app.stop());

const pdfRenders = (pdf: Buffer): boolean => {
  const dir = tempDir('quote-pdf');
  const file = path.join(dir, 'quote.pdf');
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
  const rendered = fs.readdirSync(dir).some((f) => f.endsWith('.png'));
  fs.rmSync(dir, { recursive: true, force: true });
  return rendered;
};
const havePdftoppm = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('quotes', () => {
  let quote: any;

  it("quotes a unit at its price with the collaborator's company contribution, at today's UF, valid 7 days", async () => {
    const res = await collaborator.post('/api/v1/quotes', { unitId, downPaymentPercent: 10 });
    expect(res.status).toBe(201);
    quote = res.body;
    const uf = (await app.client().get('/api/v1/uf')).body;
    expect(quote).toMatchObject({
      id: expect.any(String),
      number: expect.stringMatching(/^COT-\d{8}-[0-9A-F]{6}$/),
      unit: { unitId },
      project: { projectId: 'parque-nunoa', name: 'Edificio Parque Ñuñoa' },
      pricing: 'normal',
      companyContributionUF: 150,
      downPayment: { companyContributionUF: 150, realEstateContributionUF: 0 },
      ufValue: uf.value,
      ufDate: uf.date,
      paymentStatus: 'pending',
      financing: { convention: 'nominal', termYears: 20, annualRatePercent: 4 },
      pdfUrl: `/api/v1/quotes/${quote.id}/pdf`,
    });
    expect(Date.parse(quote.validUntil) - Date.parse(quote.createdAt)).toBe(7 * 86_400_000);
    expect(quote.priceCLP).toBe(Math.round(quote.priceUF * uf.value));
  });

  it('bonus pricing uses the foot-voucher price and the real-estate contribution', async () => {
    const unit = (await app.client().get(`/api/v1/units/${unitId}`)).body;
    const res = await collaborator.post('/api/v1/quotes', { unitId, pricing: 'bonus' });
    expect(res.status).toBe(201);
    expect(res.body.priceUF).toBe(unit.footVoucherPrice);
    expect(unit.bonusPriceUF).toBe(unit.footVoucherPrice);
    expect(res.body.downPayment.realEstateContributionUF).toBeGreaterThan(0);
    const plain = (await app.client().get('/api/v1/projects/mirador-providencia/units?available=true')).body.items[0];
    const noBonus = await collaborator.post('/api/v1/quotes', { unitId: plain.id, pricing: 'bonus' });
    expect(noBonus.status).toBe(400);
    expect(noBonus.body.fieldErrors).toEqual([expect.objectContaining({ field: 'pricing' })]);
  });

  it('lists my quotes with date filters (and nobody else sees them)', async () => {
    await readModelsCaughtUp(app);
    const today = quote.createdAt.slice(0, 10);
    const mine = await collaborator.get(`/api/v1/quotes/mine?from=${today}&to=${today}`);
    expect(mine.body.items.map((q: { id: string }) => q.id)).toContain(quote.id);
    expect(mine.body.items[0]).toMatchObject({ number: expect.any(String), totalMonthlyPaymentUF: expect.any(Number), expired: false });
    expect((await collaborator.get('/api/v1/quotes/mine?from=2020-01-01&to=2020-12-31')).body.total).toBe(0);
    const other = app.client();
    await other.login('usuario@demo.cl');
    expect((await other.get('/api/v1/quotes/mine')).body.total).toBe(0);
    expect((await other.get(`/api/v1/quotes/${quote.id}/pdf`)).status).toBe(404);
  });

  it('downloads the quote as a PDF that renders, and the download feeds the lead', async () => {
    const res = await fetch(`${app.url}/api/v1/quotes/${quote.id}/pdf`, { headers: { cookie: `sid=${collaborator.cookie('sid')}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`cotizacion-${quote.number}.pdf`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (havePdftoppm) expect(pdfRenders(pdf)).toBe(true);
    await readModelsCaughtUp(app);
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const leads = (await admin.get('/api/v1/leads?search=colaborador@demo.cl')).body.items;
    expect(leads[0]).toMatchObject({
      email: 'colaborador@demo.cl',
      status: 'downloaded',
      documentsDownloaded: 1,
      company: 'Banco Andino S.A.',
      dni: '15234567-4',
    });
    expect((await collaborator.get('/api/v1/quotes/mine')).body.items.find((q: { id: string }) => q.id === quote.id).downloads).toBe(1);
  });

  it("emails the PDF to the buyer's own address over SMTP", async () => {
    const sent = await collaborator.post(`/api/v1/quotes/${quote.id}/email`, {});
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, to: 'colaborador@demo.cl' });
    const mail = await app.mail.waitFor((m) => m.to.includes('colaborador@demo.cl') && m.subject.includes(quote.number));
    expect(mail.subject).toBe(`Su cotización ${quote.number}: Edificio Parque Ñuñoa, unidad ${quote.unit.unitNumber}`);
    expect(mail.text).toContain('Dividendo estimado: UF');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: `cotizacion-${quote.number}.pdf`, contentType: 'application/pdf' });
    expect(mail.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
    if (havePdftoppm) expect(pdfRenders(mail.attachments[0].content)).toBe(true);
  });

  it('my documents list the quote PDFs', async () => {
    await readModelsCaughtUp(app);
    const docs = (await collaborator.get('/api/v1/documents/mine')).body.items;
    expect(docs).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'quote', id: quote.id, url: `/api/v1/quotes/${quote.id}/pdf` })]));
  });

  it('refuses to quote a sold unit or a unit that does not exist', async () => {
    await readModelsCaughtUp(app);
    const sold = (await app.client().get('/api/v1/projects/parque-nunoa/units')).body.items.find(
      (u: { commercialStatus: string }) => u.commercialStatus === 'sold',
    );
    if (sold) expect((await collaborator.post('/api/v1/quotes', { unitId: sold.id })).body.code).toBe('PROPERTY_NOT_AVAILABLE');
    expect((await collaborator.post('/api/v1/quotes', { unitId: 'no-existe' })).status).toBe(404);
  });
});
