import { expectAccessible } from './support/accessibility';
import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';
import { expectScreenFits } from './support/layout';

/** A company's team in Chromium: the real-estate company user invites a colleague and removes them; staff see the team too. */
describeInBrowser('company team', () => {
  const { app, browser } = appAndBrowser();

  it('the portal’s Equipo invites a colleague (refusals at their fields) and removes them after confirming', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    page.setDefaultTimeout(10_000);
    await signIn(page, 'empresa@demo.cl', '/company-portal');
    await page.getByRole('link', { name: 'Equipo' }).click();
    const team = page.getByRole('table', { name: 'Equipo de la empresa' });
    await team.getByRole('cell', { name: 'empresa@demo.cl' }).waitFor();
    await expectAccessible(page, 'company team');

    const form = page.getByRole('form', { name: 'Invitar al equipo' });
    await form.getByLabel('Email').fill('nueva.ejecutiva@andes.cl');
    await form.getByLabel('RUT').fill('12.345.678-0');
    await form.getByLabel('Nombre', { exact: true }).fill('Antonia');
    await form.getByLabel('Primer apellido').fill('Fuentes');
    await form.getByLabel('Teléfono').fill('+56 9 7654 3210');
    await form.getByRole('button', { name: 'Invitar' }).click();
    expect(await form.getByLabel('RUT').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('RUT').fill('11.222.333-9');
    await form.getByRole('button', { name: 'Invitar' }).click();
    await page.getByText('Invitamos a nueva.ejecutiva@andes.cl: recibirá un correo para elegir su contraseña.').waitFor();
    const invitation = await app.mail.waitFor((m) => m.to.includes('nueva.ejecutiva@andes.cl'));
    const row = team.getByRole('row').filter({ hasText: 'nueva.ejecutiva@andes.cl' });
    await row.getByRole('rowheader', { name: 'Antonia Fuentes' }).waitFor();
    // Invited, not yet active: she has not chosen her password.
    await row.getByRole('cell', { name: 'Invitación pendiente' }).waitFor();

    // The mail's link sets the password straight away: no email to type again.
    const link = /\/auth\/set-password\?token=[^\s&"]+/.exec(invitation.text)![0];
    const invitee = await newPage(browser, app.url);
    await invitee.page.goto(link);
    await invitee.page.getByRole('heading', { name: 'Cree su contraseña' }).waitFor();
    expect(await invitee.page.getByLabel('Email').count()).toBe(0);
    await expectAccessible(invitee.page, 'set password');
    await expectScreenFits(invitee.page, 'crear contraseña');
    await invitee.page.getByLabel('Contraseña', { exact: true }).fill('Cordillera#2026x');
    await invitee.page.getByLabel('Confirmar contraseña').fill('Cordillera#2026x');
    await invitee.page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await invitee.page.getByText('Su contraseña quedó guardada y su cuenta está activa.', { exact: false }).waitFor();
    await invitee.page.goto('/login');
    await invitee.page.getByLabel('Email o RUT').fill('nueva.ejecutiva@andes.cl');
    await invitee.page.getByLabel('Contraseña', { exact: true }).fill('Cordillera#2026x');
    await invitee.page.getByRole('button', { name: 'Ingresar' }).click();
    await invitee.page.waitForURL('**/company-portal');
    expect(invitee.errors).toEqual([]);
    await invitee.context.close();
    await page.reload();
    await row.getByRole('cell', { name: 'Activa' }).waitFor();

    await row.getByRole('button', { name: 'Quitar a Antonia Fuentes del equipo' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Quitar del equipo?' });
    await dialog.getByText(/dejará de tener acceso al portal/).waitFor();
    await dialog.getByRole('button', { name: 'Quitar' }).click();
    await page.getByText('Antonia Fuentes ya no es parte del equipo.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('staff see and manage the team on the company’s page in the back office', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice/companies/inmobiliaria-andes');
    await page.getByRole('table', { name: 'Equipo de la empresa' }).getByRole('cell', { name: 'empresa@demo.cl' }).waitFor();
    // A real-estate company has a team, not collaborators (only partner employers do): nothing to import.
    expect(await page.getByRole('heading', { name: 'Importar colaboradores' }).count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Colaboradores' }).count()).toBe(0);
    await expectAccessible(page, 'company page with its team');
    expect(errors).toEqual([]);
    await context.close();
  });
});
