import { tokenFromMail } from '../support/test-app';
import { expectAccessible, switchTheme, wcagViolations } from './support/accessibility';
import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/**
 * The back office's configuration in Chromium: an editor changes the home and announces new terms (visitors
 * see both), and changes a financial parameter that the calculator then uses.
 */
describeInBrowser('configuration', () => {
  const { app, browser } = appAndBrowser();

  it('an admin edits the home figures and a service step; the public home shows them, and leaving unsaved work asks first', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice');
    await page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Contenido del sitio' }).click();
    await page.getByRole('heading', { name: 'Portada', level: 2 }).waitFor();
    await expectAccessible(page, 'site content: hero');

    await page.getByRole('navigation', { name: 'Secciones de la portada' }).getByRole('link', { name: 'Cifras' }).click();
    await page.waitForURL('**/backoffice/content/stats');
    const clients = page.getByLabel('Clientes acompañados');
    await clients.fill('');
    await page.getByRole('button', { name: 'Guardar cifras' }).click();
    await page.getByText('Este campo es obligatorio.').waitFor();
    expect(await clients.getAttribute('aria-invalid')).toBe('true');
    await clients.fill('3450');
    // Leaving with unsaved changes is held back behind a question.
    await page.getByRole('navigation', { name: 'Secciones de la portada' }).getByRole('link', { name: 'Servicios' }).click();
    await page.getByRole('dialog', { name: '¿Salir sin guardar?' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Seguir editando' }).click();
    await page.getByRole('button', { name: 'Guardar cifras' }).click();
    await page.getByText('Cambios guardados: la portada ya los muestra.').waitFor();

    await page.getByRole('navigation', { name: 'Secciones de la portada' }).getByRole('link', { name: 'Servicios' }).click();
    await page.getByLabel('Título').first().waitFor();
    await page.getByRole('button', { name: 'Agregar etapa' }).click();
    await page.getByRole('group', { name: 'Etapa 6' }).getByLabel('Título').fill('Entrega');
    await page.getByRole('group', { name: 'Etapa 6' }).getByLabel('Texto').fill('Recibe las llaves de su vivienda.');
    await page.getByRole('button', { name: 'Guardar servicios' }).click();
    await page.getByText('Cambios guardados: la portada ya los muestra.').waitFor();
    await expectAccessible(page, 'site content: services');

    await page.goto('/');
    await page.getByRole('heading', { name: 'Nuestras cifras' }).waitFor();
    await page.getByText('3.450', { exact: true }).waitFor();
    await page.getByRole('tab', { name: '6. Entrega' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin publishes new terms: visitors see the version in force and the announced one with its date', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice/legal');
    const terms = page.getByRole('form', { name: 'Publicar términos y condiciones' });
    await terms.getByLabel('Texto').waitFor();
    await expectAccessible(page, 'legal documents');
    await terms.getByLabel('Texto').fill('## Nuevas reglas\n\nLas reservas se pagan con Webpay.');
    await terms.getByRole('button', { name: 'Publicar nueva versión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publicar términos y condiciones' });
    await dialog.getByText(/10 días corridos/).waitFor();
    await dialog.getByRole('button', { name: 'Publicar' }).click();
    await page.getByText(/Versión 2 publicada: rige desde el \d{2}-\d{2}-\d{4}\./).waitFor();

    await page.goto('/terms');
    await page.getByText(/Versión 1, vigente desde el/).waitFor();
    await page.getByText(/Nueva versión desde el \d{2}-\d{2}-\d{4}/).waitFor();
    await page.getByText('Leer la versión 2', { exact: false }).click();
    await page.getByRole('heading', { name: 'Nuevas reglas' }).waitFor();
    await expectAccessible(page, 'terms with an announced version');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin changes an insurance parameter with a reason; the history and the calculator show it; a concurrent change is explained', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice');
    await page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Parámetros financieros' }).click();
    const table = page.getByRole('table', { name: 'Parámetros financieros' });
    await table.getByRole('rowheader', { name: 'Seguro de desgravamen (mensual)' }).waitFor();
    await expectAccessible(page, 'financial parameters');

    await page.getByRole('tab', { name: 'Calculadora' }).click();
    await page.getByRole('heading', { name: 'Simulación de referencia: crédito de UF 3.000' }).waitFor();
    const insuranceBefore = await page.getByText('Seguros (desgravamen + incendio y sismo)').locator('xpath=following-sibling::dd').textContent();
    await page.getByRole('tab', { name: 'Configuración' }).click();

    await page.getByRole('button', { name: 'Editar Seguro de desgravamen (mensual)' }).click();
    const form = page.getByRole('form', { name: 'Editar Seguro de desgravamen (mensual)' });
    await form.getByLabel('Valor').fill('1,5');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    await form.getByText('Este campo es obligatorio.').waitFor();
    await form.getByLabel('Motivo del cambio').fill('Nueva póliza colectiva');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    // The bounds are the server's rule: its field error lands on the field.
    await form.getByText('El valor máximo es 1.').waitFor();
    await form.getByLabel('Valor').fill('0,03');
    // A modal makes the header inert (its theme toggle too): the dialog is checked in this theme here and in
    // the other one with the history dialog below.
    expect(await wcagViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Parámetro «Seguro de desgravamen (mensual)» actualizado: la próxima simulación ya lo usa.').waitFor();
    await table
      .getByRole('row', { name: /Seguro de desgravamen/ })
      .getByText('0,03 %')
      .waitFor();

    await switchTheme(page, 'dark');
    await page.getByRole('button', { name: 'Historial de Seguro de desgravamen (mensual)' }).click();
    const history = page.getByRole('table', { name: 'Historial de Seguro de desgravamen (mensual)' });
    await history.getByText('Nueva póliza colectiva').waitFor();
    await history.getByText('Valor: 0,015 % → 0,03 %').waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await switchTheme(page, 'light');

    await page.getByRole('tab', { name: 'Calculadora' }).click();
    await page.getByRole('heading', { name: 'Simulación de referencia: crédito de UF 3.000' }).waitFor();
    const insurance = page.getByText('Seguros (desgravamen + incendio y sismo)').locator('xpath=following-sibling::dd');
    await insurance.filter({ hasNotText: insuranceBefore ?? '' }).waitFor();

    // Someone else changes the rate while this admin has its form open: saving explains, nothing is overwritten.
    await page.getByRole('tab', { name: 'Configuración' }).click();
    await page.getByRole('button', { name: 'Editar Tasa de interés anual' }).click();
    const other = app.client();
    await other.login('superadmin@demo.cl');
    const current = await other.get('/api/v1/financial-parameters/tasa-interes-anual');
    expect(
      (
        await other.patch(
          '/api/v1/financial-parameters/tasa-interes-anual',
          { value: 4.2, reason: 'Otro cambio' },
          { 'If-Match': current.headers.get('etag')! },
        )
      ).status,
    ).toBe(200);
    const rateForm = page.getByRole('form', { name: 'Editar Tasa de interés anual' });
    await rateForm.getByLabel('Valor').fill('5');
    await rateForm.getByLabel('Motivo del cambio').fill('Alza');
    await rateForm.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(/Otra persona modificó este parámetro mientras usted editaba/).waitFor();
    await table
      .getByRole('row', { name: /Tasa de interés anual/ })
      .getByText('4,20 %')
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin corrects a day of the UF table: the correction keeps the value it replaced, beside a chart of the last days', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice/uf');
    const table = page.getByRole('table', { name: 'Tabla UF' });
    const firstDay = (await table.getByRole('rowheader').first().textContent())!;
    await page.getByRole('heading', { name: /Últimos \d+ días/ }).waitFor();
    await expectAccessible(page, 'UF table');
    const [day, month, year] = firstDay.split('-');
    await page.getByLabel('Fecha').fill(`${year}-${month}-${day}`);
    await page.getByLabel('Valor en pesos').fill('40.123,45');
    await page.getByRole('button', { name: 'Corregir valor' }).click();
    await page.getByRole('dialog', { name: 'Corregir el valor UF' }).getByRole('button', { name: 'Corregir' }).click();
    await page.getByText(`Valor del ${firstDay} corregido.`).waitFor();
    const row = table.getByRole('row', { name: new RegExp(firstDay) });
    await row.getByText('$40.123,45', { exact: true }).waitFor();
    await row.getByText(/^Antes \$\d/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin creates a campaign, launches it (its company’s collaborators are enrolled), then eliminates it with a reason', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice');
    await page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Campañas' }).click();
    const table = page.getByRole('table', { name: 'Campañas' });
    await table.getByRole('rowheader').first().waitFor();
    await expectAccessible(page, 'campaigns');
    await page.getByRole('button', { name: 'Nueva campaña' }).click();
    const form = page.getByRole('form', { name: 'Nueva campaña' });
    await form.getByLabel('Empresa', { exact: true }).selectOption({ label: 'Banco Andino S.A.' });
    await form.getByLabel('Nombre').fill('Vivienda Andino verano');
    await form.getByRole('button', { name: 'Crear borrador' }).click();
    await form.getByText('Este campo es obligatorio.').first().waitFor();
    await form.getByLabel('Descripción').fill('Aporte al pie para colaboradores');
    await form.getByLabel('Inicio').fill('2026-12-01');
    await form.getByLabel('Término (opcional)').fill('2026-11-01');
    await form.getByRole('button', { name: 'Crear borrador' }).click();
    await form.getByText('El término no puede ser anterior al inicio.').waitFor();
    await form.getByLabel('Término (opcional)').fill('');
    await form.getByRole('button', { name: 'Crear borrador' }).click();
    await page.getByText('Campaña «Vivienda Andino verano» creada como borrador.').waitFor();
    const row = table.getByRole('row', { name: /Vivienda Andino verano/ });
    await row.getByText('Borrador').waitFor();
    await page.getByRole('button', { name: 'Lanzar Vivienda Andino verano' }).click();
    await page.getByRole('dialog', { name: 'Lanzar la campaña' }).getByRole('button', { name: 'Lanzar' }).click();
    await row.getByText('Activa').waitFor();
    await row.getByRole('cell', { name: '13', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Inscritos por campaña vigente' }).waitFor();

    await page.getByRole('button', { name: 'Eliminar Vivienda Andino verano' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar la campaña' });
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await dialog.getByText('Este campo es obligatorio.').waitFor();
    await dialog.getByLabel('Motivo').fill('Se reemplaza por la campaña anual');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await row.getByText('Eliminada').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a super administrator rebuilds a read model from the migration dashboard and sees it finish', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'superadmin@demo.cl');
    await page.goto('/backoffice');
    await page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Migraciones' }).click();
    const table = page.getByRole('table', { name: 'Modelos de lectura' });
    await table.getByRole('rowheader', { name: 'users', exact: true }).waitFor();
    await expectAccessible(page, 'migration dashboard');
    await page.getByRole('button', { name: 'Reconstruir users' }).click();
    await page.getByRole('dialog', { name: 'Reconstruir «users»' }).getByRole('button', { name: 'Reconstruir' }).click();
    await page.getByText('Reconstrucción de «users» iniciada', { exact: false }).waitFor();
    await table
      .getByRole('row', { name: /^users/ })
      .getByText(/ms\)$/)
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a company registers through the wizard, an admin approves it, and its representative chooses a password and signs in to the company portal', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await page.goto('/');
    await page.getByRole('link', { name: 'Registrar mi empresa' }).click();
    await page.getByRole('heading', { name: 'Registro de empresas' }).waitFor();
    await expectAccessible(page, 'company registration: company');
    await page.getByLabel('Razón social').fill('Constructora Llaima Ltda.');
    await page.getByLabel('RUT de la empresa').fill('77.123.456-0');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Por favor revise su RUT. El dígito verificador no es válido.').waitFor();
    await page.getByLabel('RUT de la empresa').fill('77.123.456-9');
    await page.getByLabel('Calle').fill('Av. Caupolicán');
    await page.getByLabel('Número').fill('0110');
    await page.getByLabel('Región').selectOption({ label: 'Región de La Araucanía' });
    await page.getByLabel('Comuna').selectOption({ label: 'Temuco' });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Email de contacto').fill('contacto@llaima.cl');
    await page.getByLabel('Teléfono', { exact: true }).fill('+56 45 240 1122');
    await page.getByLabel('Sábado: cerrado').uncheck();
    await expectAccessible(page, 'company registration: contact');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Nombre', { exact: true }).fill('Tomás');
    await page.getByLabel('Primer apellido').fill('Painemal');
    await page.getByLabel('RUT del representante').fill('16.234.567-2');
    await page.getByLabel('Email del representante').fill('tomas.painemal@llaima.cl');
    await page.getByLabel('Teléfono del representante').fill('+56 9 7654 3210');
    await page.getByLabel('Banco', { exact: true }).fill('Banco de Chile');
    await page.getByLabel('Número de cuenta').fill('001234567');
    await page.getByLabel('Titular', { exact: true }).fill('Constructora Llaima Ltda.');
    await page.getByLabel('RUT del titular').fill('77.123.456-9');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Documentos', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Adjunte al menos un documento legal.').waitFor();
    await page
      .getByLabel('Archivo')
      .setInputFiles({ name: 'escritura.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await page.getByRole('list', { name: 'Documentos adjuntos' }).getByText('escritura.pdf', { exact: false }).waitFor();
    await expectAccessible(page, 'company registration: documents');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await page.getByText('Debe autorizar el tratamiento de datos.').waitFor();
    await page.getByLabel('Acepto los términos y condiciones').check();
    await page.getByLabel('Acepto la política de privacidad').check();
    await page.getByLabel(/Autorizo el tratamiento/).check();
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await page.getByRole('heading', { name: 'Recibimos su solicitud' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const admin = await newPage(browser, app.url);
    await signIn(admin.page, 'admin@demo.cl');
    await admin.page.goto('/backoffice');
    await admin.page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Solicitudes de empresas' }).click();
    const row = admin.page.getByRole('table', { name: 'Solicitudes de registro' }).getByRole('row', { name: /Constructora Llaima/ });
    await row.getByRole('link', { name: 'Escritura de constitución' }).waitFor();
    await expectAccessible(admin.page, 'company registrations review');
    await admin.page.getByRole('button', { name: 'Aprobar Constructora Llaima Ltda.' }).click();
    await admin.page.getByRole('dialog', { name: 'Aprobar la solicitud' }).getByRole('button', { name: 'Aprobar' }).click();
    await admin.page.getByText(/«Constructora Llaima Ltda\.» aprobada/).waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const invitation = await app.mail.waitFor((m) => m.to.includes('tomas.painemal@llaima.cl'));
    const token = tokenFromMail(invitation.text);
    const person = await newPage(browser, app.url);
    await person.page.goto(`/auth/reset-password?token=${encodeURIComponent(token)}`);
    await person.page.getByLabel('Email', { exact: true }).fill('tomas.painemal@llaima.cl');
    await person.page.getByLabel('Nueva contraseña', { exact: true }).fill('Llaima-2026-segura');
    await person.page.getByLabel('Confirmar nueva contraseña').fill('Llaima-2026-segura');
    await person.page.getByRole('button', { name: 'Restablecer contraseña' }).click();
    await person.page.getByRole('heading', { name: 'Contraseña restablecida' }).waitFor();
    await person.page.goto('/login');
    await person.page.getByLabel('Email o RUT').fill('16.234.567-2');
    await person.page.getByLabel('Contraseña', { exact: true }).fill('Llaima-2026-segura');
    await person.page.getByRole('button', { name: 'Ingresar' }).click();
    await person.page.waitForURL('**/company-portal');
    expect(person.errors).toEqual([]);
    await person.context.close();
  });

  it('an admin imports collaborators (rejected rows reported) and adds one by hand; a company user edits its own company in the portal', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice');
    await page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Empresas', exact: true }).click();
    await page.getByRole('button', { name: 'Nueva empresa' }).click();
    const newCompany = page.getByRole('form', { name: 'Nueva empresa' });
    await newCompany.getByLabel('Nombre').fill('Minera Austral SpA');
    await newCompany.getByLabel('RUT').fill('96.543.210-8');
    await newCompany.getByLabel('Email de contacto').fill('personas@mineraaustral.cl');
    await newCompany.getByLabel('Teléfono de contacto').fill('123');
    await newCompany.getByRole('button', { name: 'Registrar empresa' }).click();
    await newCompany.getByText('Ingrese un número de teléfono chileno válido (ej: +56 9 1234 5678).').waitFor();
    await newCompany.getByLabel('Teléfono de contacto').fill('+56 61 220 0000');
    await newCompany.getByRole('button', { name: 'Registrar empresa' }).click();
    await page.getByRole('heading', { name: 'Minera Austral SpA', level: 1 }).waitFor();
    await page.goto('/backoffice/companies');
    await page.getByRole('table', { name: 'Empresas' }).getByRole('link', { name: 'Banco Andino S.A.' }).click();
    await page.getByRole('heading', { name: 'Banco Andino S.A.', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Colaboradores' }).getByRole('rowheader').first().waitFor();
    await expectAccessible(page, 'company detail');
    const csv = [
      'RUT,Nombre,Primer apellido,Segundo apellido,Email laboral,Email personal,Teléfono,Cargo,Aporte empresa (UF),Plan',
      '21.333.444-1,Elena,Quezada,,elena.quezada@bancoandino.cl,,,Analista,100,Vivienda',
      '21.333.444-2,Pablo,Ruiz,,pablo.ruiz@bancoandino.cl,,,Analista,100,Vivienda',
    ].join('\n');
    await page.getByLabel('Archivo de colaboradores').setInputFiles({ name: 'colaboradores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText(/2 filas: 1 colaboradores nuevos, 0 actualizados, 1 rechazadas/).waitFor();
    await page.getByRole('table', { name: 'Filas rechazadas' }).getByText('Por favor revise su RUT. El dígito verificador no es válido.').waitFor();
    await page
      .getByRole('table', { name: 'Colaboradores' })
      .getByRole('rowheader', { name: /Elena Quezada/ })
      .waitFor();

    await page.getByRole('button', { name: 'Agregar colaborador' }).click();
    const form = page.getByRole('form', { name: 'Nuevo colaborador' });
    await form.getByLabel('RUT').fill('21.444.555-7');
    await form.getByLabel('Nombre').fill('Diego');
    await form.getByLabel('Primer apellido').fill('Araya');
    await form.getByLabel('Email laboral').fill('diego.araya@');
    await form.getByRole('button', { name: 'Agregar colaborador' }).click();
    await form.getByText('Ingrese un email válido.').waitFor();
    await form.getByLabel('Email laboral').fill('diego.araya@bancoandino.cl');
    await form.getByRole('button', { name: 'Agregar colaborador' }).click();
    await page.getByText('Colaborador Diego Araya agregado.').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const company = await newPage(browser, app.url);
    await signIn(company.page, 'empresa@demo.cl', '/company-portal');
    await company.page.getByRole('navigation', { name: 'Navegación del portal de empresas' }).getByRole('link', { name: 'Configuración' }).click();
    await company.page.getByRole('heading', { name: 'Inmobiliaria Andes SpA', level: 1 }).waitFor();
    await expectAccessible(company.page, 'company portal settings');
    await company.page.getByLabel('Descripción').fill('Proyectos en Santiago y regiones');
    await company.page.getByRole('button', { name: 'Guardar perfil' }).click();
    await company.page.getByText('Perfil de la empresa guardado.').waitFor();
    expect(company.errors).toEqual([]);
    await company.context.close();
  });

  it('a collaborator enrols in a campaign from its public page, with their own RUT, after signing in', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const created = await admin.post('/api/v1/campaigns', {
      companyId: 'banco-andino',
      name: 'Ferias de vivienda 2027',
      description: 'Inscríbase y reciba el aporte de su empresa',
      startDate: '2027-01-01',
      endDate: null,
      autoEnrollment: false,
      selfEnrollmentByRut: true,
    });
    const launched = await admin.post(`/api/v1/campaigns/${created.body.id}/launch`, {});
    expect(launched.status).toBe(200);
    const { context, page, errors } = await newPage(browser, app.url);
    await page.goto(`/campaigns/${created.body.id}`);
    await page.getByRole('heading', { name: 'Ferias de vivienda 2027' }).waitFor();
    await expectAccessible(page, 'campaign public page');
    await page.getByRole('button', { name: 'Ingresar para inscribirme' }).click();
    await page.getByLabel('Email o RUT').fill('colaborador@demo.cl');
    await page.getByLabel('Contraseña', { exact: true }).fill('Demo2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(`**/campaigns/${created.body.id}`);
    await page.getByLabel('Su RUT').fill('11.111.111-1');
    await page.getByRole('button', { name: 'Inscribirme' }).click();
    await page.getByText('Inscríbase con su propio RUT.').waitFor();
    await page.getByLabel('Su RUT').fill('15.234.567-4');
    await page.getByRole('button', { name: 'Inscribirme' }).click();
    await page.getByText('Quedó inscrito en la campaña.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin saves the parameters as a template and applies it back', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice/financial-parameters?tab=plantillas');
    await page.getByRole('tab', { name: 'Plantillas', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Guardar plantilla' }).click();
    await page.getByText('Debe tener al menos 2 caracteres.').waitFor();
    await page.getByLabel('Nombre de la plantilla').fill('Respaldo de noviembre');
    await page.getByRole('button', { name: 'Guardar plantilla' }).click();
    await page.getByText('Plantilla «Respaldo de noviembre» guardada con los valores de hoy.').waitFor();
    await page.getByRole('table', { name: 'Plantillas' }).getByRole('rowheader', { name: 'Respaldo de noviembre' }).waitFor();
    await expectAccessible(page, 'financial parameter templates');
    await page.getByRole('button', { name: 'Aplicar Respaldo de noviembre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aplicar «Respaldo de noviembre»' });
    await dialog.getByLabel('Motivo').fill('Vuelta a los valores de noviembre');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByText(/Plantilla «Respaldo de noviembre» aplicada: \d+ parámetros cambiaron\./).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
