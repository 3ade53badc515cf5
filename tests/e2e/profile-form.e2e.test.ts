import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/** The buyer's profile form: the spec's rules at their fields once left, then a change saved through the saga. */
describeInBrowser('profile form', () => {
  const { app, browser } = appAndBrowser();

  it('shows a wrong phone at its field once left, and saves a corrected name', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'usuario@demo.cl');
    await page.goto('/dashboard/profile');
    const save = page.getByRole('button', { name: 'Guardar cambios' });
    await page.getByText('No hay cambios que guardar.').waitFor();
    await page.getByLabel('Teléfono', { exact: true }).fill('123');
    await page.getByLabel('Nombre', { exact: true }).click();
    await page.getByText('Ingrese un número de teléfono chileno válido (ej: +56 9 1234 5678).').waitFor();
    await page.getByLabel('Teléfono', { exact: true }).fill('+56 9 8765 4321');
    await page.getByLabel('Nombre', { exact: true }).fill('Valentina');
    await save.click();
    await page.getByText('No hay cambios que guardar.').waitFor();
    expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Valentina');
    expect(errors).toEqual([]);
    await context.close();
  });
});
