import { appAndBrowser, newPage } from './support/browser';
describe('shots', () => {
  const started = appAndBrowser();
  it('takes', async () => {
    const { context, page } = await newPage(started.browser(), started.app().url);
    await page.setViewportSize({ width: 1366, height: 900 });
    const shot = async (p: string, name: string) => { await page.goto(p); await page.locator('main h1').first().waitFor(); await page.waitForLoadState('networkidle'); await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false }); };
    await shot('/', 'landing'); await shot('/projects', 'projects');
    await page.screenshot({ path: '/tmp/shots/projects-full.png', fullPage: true });
    await shot('/projects/parque-nunoa', 'project');
    await page.screenshot({ path: '/tmp/shots/project-full.png', fullPage: true });
    const login = async (email: string, dest: string) => { await page.goto('/login'); await page.getByLabel('Email o RUT').fill(email); await page.getByLabel('Contraseña', { exact: true }).fill('Demo2026!'); await page.getByRole('button', { name: 'Ingresar' }).click(); await page.waitForURL(`**${dest}`); await page.locator('main h1').first().waitFor(); await page.waitForLoadState('networkidle'); };
    await login('colaborador@demo.cl', '/dashboard'); await page.screenshot({ path: '/tmp/shots/dashboard.png' });
    await context.clearCookies(); 
    const c2 = await newPage(started.browser(), started.app().url); 
    const p2 = c2.page; await p2.setViewportSize({ width: 1366, height: 900 });
    await p2.goto('/login'); await p2.getByLabel('Email o RUT').fill('superadmin@demo.cl'); await p2.getByLabel('Contraseña', { exact: true }).fill('Demo2026!'); await p2.getByRole('button', { name: 'Ingresar' }).click(); await p2.waitForURL('**/backoffice'); await p2.waitForLoadState('networkidle'); await p2.screenshot({ path: '/tmp/shots/backoffice.png' });
    const c3 = await newPage(started.browser(), started.app().url); const p3 = c3.page; await p3.setViewportSize({ width: 1366, height: 900 });
    await p3.goto('/login'); await p3.getByLabel('Email o RUT').fill('empresa@demo.cl'); await p3.getByLabel('Contraseña', { exact: true }).fill('Demo2026!'); await p3.getByRole('button', { name: 'Ingresar' }).click(); await p3.waitForURL('**/company-portal'); await p3.waitForLoadState('networkidle'); await p3.screenshot({ path: '/tmp/shots/company.png' });
  }, 60000);
});
