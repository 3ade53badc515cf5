import type { Page } from 'playwright-core';
import { expectAccessible, switchTheme, wcagViolations } from './support/accessibility';
import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/**
 * What a new user hit, tried the way they tried it: in Chromium, against the started platform. Every
 * screen visited is also checked for WCAG 2.1 AA in both themes.
 */
/**
 * Sorts the catalogue. The list comes with the server's HTML, and its sort select answers only once React has
 * hydrated that part of the page (in a transition, in slices): a choice made before is not seen, so it is made
 * again until the address follows it.
 */
const sortBy = async (page: Page, sort: string): Promise<void> => {
  for (let attempt = 1; ; attempt++) {
    await page.getByLabel('Ordenar por').selectOption(sort);
    try {
      await page.waitForURL(new RegExp(`sort=${sort}`), { timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
      await page.getByLabel('Ordenar por').selectOption({ index: 0 });
    }
  }
};

describeInBrowser('hardening: what a new user hit', () => {
  const { app, browser } = appAndBrowser();

  describe('explore: "Cargar más proyectos" pages to the end on every sort', () => {
    for (const [sort, label] of [
      ['featured', 'Destacados'],
      ['name', 'Nombre (A-Z)'],
      ['newest', 'Más recientes'],
      ['price_asc', 'Precio: menor a mayor'],
      ['price_desc', 'Precio: mayor a menor'],
    ] as const) {
      it(`${label}`, async () => {
        const { context, page, errors } = await newPage(browser, app.url);
        await page.goto('/projects');
        await page.getByText(/\d+ proyectos encontrados/).waitFor();
        if (sort !== 'featured') await sortBy(page, sort);
        const found = await page.getByText(/^\d+ proyectos encontrados$/).textContent();
        const total = Number(/^(\d+)/.exec(found ?? '')![1]);
        expect(total).toBeGreaterThan(12);
        const more = page.getByRole('button', { name: 'Cargar más proyectos' });
        const shown = () => page.locator('article h3 a').count();
        while ((await shown()) < total) {
          const before = await shown();
          await more.click();
          // A locator wait, not a polled string: the app's CSP forbids the eval that polling a string needs.
          await page.locator('article h3 a').nth(before).waitFor();
        }
        await page.getByText(`Mostrando ${total} de ${total} proyectos`).waitFor();
        await more.waitFor({ state: 'detached' });
        const names = await page.locator('article h3 a').allTextContents();
        expect(new Set(names).size).toBe(total);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  });

  it('an auditor lands on the back office; from the buyer area the navigation leads back to it, and to what the auditor may read there', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'auditor@demo.cl', '/backoffice');
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Navegación de mi cuenta' });
    await nav.getByRole('link', { name: 'Back office' }).click();
    await page.waitForURL('**/backoffice');
    await page.getByRole('heading', { name: 'Back office' }).waitFor();
    const backofficeNav = page.getByRole('navigation', { name: 'Navegación del back office' });
    await backofficeNav.getByRole('link', { name: 'Usuarios' }).waitFor();
    await backofficeNav.getByRole('link', { name: 'Auditoría de roles' }).click();
    await page.waitForURL('**/backoffice/role-changes');
    await page.locator('main h1').waitFor();
    await expectAccessible(page, 'auditor role changes');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the analyst and the data protection officer land on their back-office start too', async () => {
    for (const login of ['analista@demo.cl', 'datos@demo.cl']) {
      const { context, page } = await newPage(browser, app.url);
      await signIn(page, login, '/backoffice');
      await page.getByRole('heading', { name: 'Back office' }).waitFor();
      await context.close();
    }
  });

  it('a buyer without back-office permissions sees no link to it', async () => {
    const { context, page } = await newPage(browser, app.url);
    await signIn(page, 'colaborador@demo.cl', '/dashboard');
    await page.getByRole('heading', { name: 'Mi panel' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back office' }).count()).toBe(0);
    await context.close();
  });

  it("an auditor's panel and header offer no buyer link it could not open, and the panel has no second legal footer", async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'auditor@demo.cl', '/backoffice');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Mi panel' }).waitFor();
    for (const name of ['Favoritos', 'Cotizaciones', 'Reservas', 'Alertas', 'Documentos'])
      expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Ver mis favoritos' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Explorar proyectos' }).waitFor();
    expect(await page.getByRole('link', { name: 'Términos y condiciones' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a buyer still finds every part of the buyer area in the header and the panel', async () => {
    const { context, page } = await newPage(browser, app.url);
    await signIn(page, 'colaborador@demo.cl', '/dashboard');
    await page.getByRole('heading', { name: 'Mi panel' }).waitFor();
    const header = page.getByRole('navigation', { name: 'Navegación de mi cuenta' });
    for (const name of ['Favoritos', 'Cotizaciones', 'Reservas', 'Alertas', 'Documentos']) await header.getByRole('link', { name, exact: true }).waitFor();
    await page.getByRole('link', { name: 'Ver mis reservas' }).waitFor();
    await context.close();
  });

  it('a bad email-verification link says the link is invalid or expired and offers to send a new one', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await page.goto('/auth/verify-email?token=no-existe.abcdef0123456789');
    await page.getByText('El enlace de confirmación no es válido o expiró.', { exact: false }).waitFor();
    expect(await page.getByText('Su sesión no es válida').count()).toBe(0);
    await expectAccessible(page, 'verify email, bad link');
    await page.getByRole('link', { name: 'Enviarme un nuevo enlace de confirmación' }).click();
    await page.waitForURL('**/auth/resend-verification');
    await page.getByLabel('Email', { exact: true }).fill('usuario@demo.cl');
    await page.getByRole('button', { name: 'Reenviar email' }).click();
    await page
      .getByText(/le enviamos un nuevo enlace/)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Avisarme si se libera" is not offered on a sold unit', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'usuario@demo.cl', '/dashboard');
    await page.goto('/projects/costanera-vina?unit=costanera-vina-301');
    await page.getByText('La unidad 301 no está disponible (vendida).').waitFor();
    await page.getByRole('button', { name: 'Explorar otras unidades' }).waitFor();
    expect(await page.getByRole('button', { name: 'Avisarme si se libera' }).count()).toBe(0);
    await expectAccessible(page, 'project page, sold unit');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an alert refused because the unit freed up meanwhile (422) shows the unit reservable at once', async () => {
    const PAGE = '/projects/parque-nunoa?unit=parque-nunoa-402';
    // Another buyer holds unit 402 (payment under way)...
    const other = await newPage(browser, app.url);
    await signIn(other.page, 'colaborador@demo.cl', '/dashboard');
    await other.page.goto(PAGE);
    await other.page.getByRole('button', { name: 'Reservar unidad 402' }).click();
    await other.page.getByRole('dialog', { name: 'Confirmar reserva' }).getByRole('button', { name: 'Confirmar y pagar' }).click();
    await other.page.waitForURL('**/payments/sandbox/pay**');

    // ...so this buyer sees it in process and may ask to be told when it frees up.
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'usuario@demo.cl', '/dashboard');
    await page.goto(PAGE);
    await page.getByText(/La unidad 402 no está disponible/).waitFor();
    const notifyMe = page.getByRole('button', { name: 'Avisarme si se libera' });
    await notifyMe.waitFor();

    // The other buyer's payment is rejected: the hold is released before this buyer clicks.
    await other.page.getByRole('button', { name: 'Rechazar pago' }).click();
    await other.page.waitForURL(/\/payment\/result\?.*status=failed/);

    await notifyMe.click();
    await page.getByText('La unidad está disponible: puede reservarla ahora.').first().waitFor();
    // No reload: the unit is read again and offered for reservation.
    await page.locator('button:not([disabled])', { hasText: 'Reservar unidad 402' }).waitFor();
    expect(await page.getByText(/La unidad 402 no está disponible/).count()).toBe(0);
    expect(errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('the contact modal shows every mistake on the first submit, the Chilean phone included, and sends nothing', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/v1/contact') && posts.push(r.url()));
    await page.goto('/projects/parque-nunoa');
    const dialog = page.getByRole('dialog', { name: 'Solicitar contacto' });
    const fillBadlyAndSubmitOnce = async () => {
      await page.getByRole('button', { name: 'Solicitar contacto' }).click();
      await dialog.getByLabel('Nombre', { exact: true }).fill('J');
      await dialog.getByLabel('Email', { exact: true }).fill('no-es-email');
      await dialog.getByLabel('Teléfono', { exact: true }).fill('123456789');
      await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
      for (const message of [
        'Debe tener al menos 2 caracteres.',
        'Ingrese un email válido.',
        'Ingrese un número de teléfono chileno válido (ej: +56 9 1234 5678).',
        'Seleccione cómo prefiere que lo contactemos.',
        'Seleccione el horario en que prefiere ser contactado.',
        'Debe aceptar los términos y condiciones.',
      ])
        await dialog.getByText(message).waitFor();
    };
    // The open modal makes the header inert: the theme is switched with it closed, then it is filled again.
    const found: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      await switchTheme(page, mode);
      await fillBadlyAndSubmitOnce();
      found.push(...(await wcagViolations(page)).map((line) => `[contact modal, ${mode}] ${line}`));
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    expect(found).toEqual([]);
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the roles form offers an admin only the roles an admin may grant, and no form over a super administrator', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl', '/backoffice');
    const openUser = async (search: string, name: RegExp) => {
      await page.goto('/backoffice/users');
      await page.getByLabel('Buscar').fill(search);
      await page.getByLabel('Buscar').press('Enter');
      await page.getByRole('link', { name }).click();
      await page.getByRole('heading', { name: 'Roles', exact: true }).waitFor();
    };
    await openUser('usuario@demo.cl', /Valentina/);
    const roles = page.getByRole('group', { name: 'Roles del usuario' });
    await roles.getByLabel('Colaborador').waitFor();
    expect(await roles.getByLabel('Súper administrador').isDisabled()).toBe(true);
    expect(await roles.getByLabel('Administrador', { exact: true }).isDisabled()).toBe(true);
    expect(await roles.getByLabel('Colaborador').isEnabled()).toBe(true);
    await page.getByText('Solo puede asignar o quitar roles de nivel inferior al suyo').waitFor();
    await expectAccessible(page, 'user detail, roles form');

    await openUser('superadmin@demo.cl', /Sofía/);
    await page.getByText('Este usuario tiene un rol igual o superior al suyo').waitFor();
    expect(await page.getByRole('button', { name: 'Guardar roles' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Precio desde (UF)" says it is the cards\' "Desde": the lowest price among available units', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await page.goto('/projects');
    const field = page.getByLabel('Precio desde (UF)');
    await field.waitFor();
    const description = await field.evaluate((input) => {
      const el = input as unknown as {
        getAttribute(name: string): string | null;
        ownerDocument: { getElementById(id: string): { textContent: string } | null };
      };
      return (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '')
        .join(' ');
    });
    expect(description).toContain('unidad disponible más económica');
    expect(description).toContain('«Desde»');
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('the header stays on one row at 1366 px', () => {
    /** Brand, every navigation link and the tools share one row; the navigation is not cut off. */
    const expectOneRow = async (page: Page) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      const header = page.locator('header').first();
      const boxes = await header.locator('a, button').evaluateAll((els) =>
        els.map((e) => {
          const r = (e as unknown as { getBoundingClientRect(): { top: number; height: number } }).getBoundingClientRect();
          return { text: (e as unknown as { textContent: string }).textContent, middle: r.top + r.height / 2 };
        }),
      );
      const middles = boxes.map((b) => b.middle);
      expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(8);
      const overflow = await header.locator('nav ul').evaluate((ul) => {
        const el = ul as unknown as { scrollWidth: number; clientWidth: number };
        return el.scrollWidth - el.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
    };

    it("the buyer's shell", async () => {
      const { context, page } = await newPage(browser, app.url);
      await signIn(page, 'colaborador@demo.cl', '/dashboard');
      await page.getByRole('heading', { name: 'Mi panel' }).waitFor();
      await expectOneRow(page);
      await context.close();
    });

    it("an auditor's shell (the buyer's, with the way to the back office)", async () => {
      const { context, page } = await newPage(browser, app.url);
      await signIn(page, 'auditor@demo.cl', '/backoffice');
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Mi panel' }).waitFor();
      await expectOneRow(page);
      await context.close();
    });

    it('the back-office shell, with every section a super administrator sees', async () => {
      const { context, page } = await newPage(browser, app.url);
      await signIn(page, 'superadmin@demo.cl', '/backoffice');
      await page.getByRole('heading', { name: 'Back office' }).waitFor();
      await expectOneRow(page);
      await context.close();
    });

    it('the company portal shell', async () => {
      const { context, page } = await newPage(browser, app.url);
      await signIn(page, 'empresa@demo.cl', '/company-portal');
      await page.locator('main h1').waitFor();
      await expectOneRow(page);
      await expectAccessible(page, 'company portal');
      await context.close();
    });

    it('the public shell', async () => {
      const { context, page } = await newPage(browser, app.url);
      await page.goto('/projects');
      await page.locator('main h1').waitFor();
      await expectOneRow(page);
      await context.close();
    });
  });
});
