import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/**
 * The figures a buyer reads on a project page come from what staff set, across the whole way: the back
 * office's financial parameters reach the calculator and the quotes it issues.
 */
describeInBrowser('buyer figures', () => {
  const { app, browser } = appAndBrowser();

  it("an admin sets the rate to 4,5 % and the term to 25 years in the back office; the buyer's calculator and quote use them", async () => {
    const staff = await newPage(browser, app.url);
    await signIn(staff.page, 'admin@demo.cl');
    await staff.page.goto('/backoffice/financial-parameters');
    for (const [name, value] of [
      ['Tasa de interés anual', '4,5'],
      ['Plazo del crédito (años)', '25'],
    ]) {
      await staff.page.getByRole('button', { name: `Editar ${name}` }).click();
      const form = staff.page.getByRole('form', { name: `Editar ${name}` });
      await form.getByLabel('Valor').fill(value);
      await form.getByLabel('Motivo del cambio').fill('Convenio con el banco');
      await form.getByRole('button', { name: 'Guardar cambios' }).click();
      await staff.page.getByText(`Parámetro «${name}» actualizado: la próxima simulación ya lo usa.`).waitFor();
    }

    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'usuario@demo.cl');
    await page.goto('/projects/parque-nunoa');
    const calculator = page.getByRole('form', { name: 'Datos del crédito' });
    await page.getByText('25 años (300 cuotas) al 4,50 % anual.').waitFor();
    expect(await calculator.getByLabel('Tasa de interés anual (%)').inputValue()).toBe('4,5');
    expect(await calculator.getByLabel('Plazo (años)').inputValue()).toBe('25');

    // With a unit the same terms price it, and the quote issued from the calculator records them.
    const unit = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items[0] as { id: string; unitNumber: string };
    await page.goto(`/projects/parque-nunoa?unit=${unit.id}`);
    await page.getByText(`Unidad ${unit.unitNumber}, precio normal`).waitFor();
    await page.getByText('25 años (300 cuotas) al 4,50 % anual.').waitFor();
    await page.getByRole('button', { name: 'Enviar cotización PDF a mi email' }).click();
    await page
      .getByText(/Enviamos la cotización a usuario@demo.cl/)
      .first()
      .waitFor();
    const quotes = await (await context.request.get('/api/v1/quotes/mine')).json();
    expect(quotes.items[0]).toMatchObject({ annualRatePercent: 4.5, termYears: 25, unit: { unitNumber: unit.unitNumber } });

    expect(errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
    await context.close();
  });

  it('a buyer with a reservation under way who reserves another unit is told why, and taken to their reservations', async () => {
    const available = (await app.client().get('/api/v1/projects/mirador-providencia/units?available=true')).body.items as { id: string; unitNumber: string }[];
    const collaborator = await app.signedIn('colaborador@demo.cl', 'Demo2026!');
    expect((await collaborator.post('/api/v1/reservations', { unitId: available[0].id })).status).toBe(201);

    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'colaborador@demo.cl');
    const other = available[1];
    await page.goto(`/projects/mirador-providencia?unit=${other.id}`);
    await page.getByRole('button', { name: `Reservar unidad ${other.unitNumber}` }).click();
    await page.getByRole('dialog', { name: 'Confirmar reserva' }).getByRole('button', { name: 'Confirmar y pagar' }).click();
    await page
      .getByText('Ya tiene el máximo de reservas activas permitido por comprador. Para reservar otra unidad, anule la reserva en curso o contacte a ventas.')
      .waitFor();
    await page.getByRole('button', { name: 'Contactar a ventas' }).first().waitFor();
    await page.getByRole('button', { name: 'Ver mis reservas' }).click();
    await page.waitForURL('**/dashboard/reservations');
    await page.getByRole('row', { name: new RegExp(`Mirador Providencia.*${available[0].unitNumber}`) }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('the calculator shows no old dividend beside invalid terms; corrected terms bring one back', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await page.goto('/projects/parque-nunoa');
    const calculator = page.getByRole('form', { name: 'Datos del crédito' });
    const dividend = page.getByRole('status', { name: /^Dividendo mensual estimado: UF/ });
    await dividend.waitFor();

    const rate = calculator.getByLabel('Tasa de interés anual (%)');
    await rate.fill('80');
    await rate.blur();
    await expect(rate.getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByText('Revise los datos del crédito:').waitFor();
    await dividend.waitFor({ state: 'detached' });
    expect(await page.getByText('Dividendo mensual estimado (con seguros)').count()).toBe(0);

    await rate.fill('5');
    await page.getByText(/al 5,00 % anual\./).waitFor();
    expect(await page.getByText('Revise los datos del crédito:').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
