import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { reserveAndPay, signedInAs } from '../api/audit-support';
import { registeredPerson, setRoles } from '../personal-data/support-people';
import { readModelsCaughtUp } from '../support/buyers';
import type { ApiClient } from '../support/api-client';
import { internalText, internalTextOfCsv, type InternalText } from '../support/internal-text';
import { appAndBrowser, describeInBrowser, networkQuiet, newPage, signIn } from './support/browser';

/**
 * Issue 46, item 11: what people read after a whole journey (a reservation paid, one the buyer voided, a role
 * change, a quote) is Spanish, labelled and es-CL: the Historial tabs, the lists' CSV exports, the PDFs and the
 * mails. Any camelCase field, English value, ISO or UTC time, or money without thousands separators fails it.
 */
describeInBrowser('what people read carries no internal text', () => {
  const { app, browser } = appAndBrowser();
  let paid: Awaited<ReturnType<typeof reserveAndPay>>;
  let voided: Awaited<ReturnType<typeof reserveAndPay>>;
  let promoted: string;
  let collaborator: ApiClient;
  let quoteId: string;

  beforeAll(async () => {
    const admin = await signedInAs(app, 'superadmin@demo.cl');
    paid = await reserveAndPay(app, 'mirador-providencia');
    voided = await reserveAndPay(app, 'parque-nunoa', 'abort');
    promoted = (await registeredPerson(app, { name: 'Herminia' })).userId;
    await setRoles(admin, promoted, ['collaborator', 'user'], 'Colaborador de empresa en convenio');
    collaborator = await signedInAs(app, 'colaborador@demo.cl');
    const unit = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items[0];
    const quote = await collaborator.post('/api/v1/quotes', { unitId: unit.id, downPaymentPercent: 10 });
    expect(quote.status).toBe(201);
    quoteId = quote.body.id;
    await readModelsCaughtUp(app);
  });

  const pdfText = async (client: ApiClient, path: string): Promise<string> => {
    const res = await fetch(`${app.url}${path}`, { headers: { cookie: client.cookieHeader() } });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    return execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await res.arrayBuffer()) }).toString('utf8');
  };

  it('the PDFs: the quote (the UF of the day with its two decimals), the receipt and "Mis datos"', async () => {
    const quote = await pdfText(collaborator, `/api/v1/quotes/${quoteId}/pdf`);
    expect(quote).toMatch(/con la UF del \d{2}-\d{2}-\d{4} \(\$\d{2}\.\d{3},\d{2}\)/);
    const receipt = await pdfText(paid.buyer, `/api/v1/reservations/${paid.reservationId}/receipt`);
    const mine = await pdfText(paid.buyer, '/api/v1/me/data-export.pdf');
    expect(mine).toMatch(/Primer apellido: Número\d+/);
    expect(mine).toMatch(/Cargo: Colaborador/);
    expect([...internalText('cotización', quote), ...internalText('comprobante', receipt), ...internalText('Mis datos', mine)]).toEqual([]);
  });

  it('the mails of the journey, the quote’s with the UF of the day', async () => {
    expect((await collaborator.post(`/api/v1/quotes/${quoteId}/email`, {})).status).toBe(200);
    const quoteMail = await app.mail.waitFor((m) => m.attachments.some((a) => a.filename.startsWith('cotizacion-')));
    expect(quoteMail.text).toMatch(/con UF del \d{2}-\d{2}-\d{4} a \$\d{2}\.\d{3},\d{2}\)/);
    expect(quoteMail.text).toMatch(/Válida hasta el \d{2}-\d{2}-\d{4}\./);
    const found = app.mail.list().flatMap((m) => internalText(`correo "${m.subject}"`, `${m.subject}\n${m.text}`));
    expect(app.mail.list().length).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });

  /** The text of a back-office screen's main region once its history table has rows. */
  const historyText = async (page: Page, path: string, caption: string): Promise<string> => {
    await page.goto(path);
    await page.getByRole('table', { name: caption }).locator('tbody tr').first().waitFor();
    await networkQuiet(page);
    return page.locator('main').innerText();
  };

  it('the Historial of a paid reservation, a voided one, the buyer, a promoted user and an employer; the lead, the audit screens and the sales dashboard', async () => {
    const { context, page } = await newPage(browser, app.url);
    await signIn(page, 'superadmin@demo.cl');
    const found: InternalText[] = [];
    const read = async (path: string, caption: string) => {
      const text = await historyText(page, path, caption);
      found.push(...internalText(path, text));
      return text;
    };
    const reservation = await read(`/backoffice/reservations/${paid.reservationId}?tab=historial`, 'Historial de la reserva');
    expect(reservation).toMatch(/Monto: \$500\.000/);
    expect(await read(`/backoffice/reservations/${voided.reservationId}?tab=historial`, 'Historial de la reserva')).toMatch(
      /Motivo del rechazo: Anulado por el comprador/,
    );
    expect(await read(`/backoffice/users/${paid.buyerId}`, 'Historial de la cuenta y sus roles')).toMatch(/Cargo: Colaborador/);
    expect(await read(`/backoffice/users/${promoted}`, 'Historial de la cuenta y sus roles')).toMatch(/Roles: Usuario → Colaborador, Usuario/);
    expect(await read('/backoffice/companies/retail-austral', 'Historial de la empresa')).toMatch(/Tipo: Empresa empleadora/);
    // The lead the reservation made, with its timeline, and the audit screens.
    const lead = (await (await context.request.get(`/api/v1/leads?search=${encodeURIComponent(paid.email)}`)).json()).items[0];
    await page.goto(`/backoffice/leads/${lead.id}`);
    await page.getByRole('list', { name: 'Línea de tiempo del lead' }).locator('li').first().waitFor();
    await networkQuiet(page);
    found.push(...internalText('lead', await page.locator('main').innerText()));
    for (const [path, table] of [
      ['/backoffice/payments', 'Libro de pagos'],
      ['/backoffice/role-changes', 'Cambios de roles'],
    ]) {
      await page.goto(path);
      await page.getByRole('table', { name: table }).locator('tbody tr').first().waitFor();
      await networkQuiet(page);
      found.push(...internalText(path, await page.locator('main').innerText()));
    }
    // The sales dashboard counts Chile's days and says so.
    await page.goto('/backoffice/sales-dashboard');
    await page.getByText('Reservas, ventas, embudo').waitFor();
    found.push(...internalText('dashboard de ventas', await page.getByText('Reservas, ventas, embudo').innerText()));
    expect(found).toEqual([]);
    await context.close();
  });

  it('the CSV exports of the back-office lists', async () => {
    const { context, page } = await newPage(browser, app.url);
    await signIn(page, 'superadmin@demo.cl');
    const found: InternalText[] = [];
    for (const path of [
      '/backoffice/reservations',
      '/backoffice/payments',
      '/backoffice/quotes',
      '/backoffice/users',
      '/backoffice/leads',
      '/backoffice/role-changes',
      '/backoffice/email/history',
    ]) {
      await page.goto(path);
      const button = page.getByRole('button', { name: 'Exportar CSV' });
      await page.locator('main table tbody tr').first().waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv.split('\r\n').length).toBeGreaterThan(2);
      found.push(...internalTextOfCsv(download.suggestedFilename(), csv));
    }
    expect(found).toEqual([]);
    await context.close();
  });
});
