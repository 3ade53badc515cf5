import http from 'node:http';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Without PUBLIC_URL, links in mails follow the address of this machine the user reached the app by
 * (a colleague on the LAN gets links that work for them), and never a host the caller merely claims.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: '', DEMO_CATALOGUE: 'off' });
});
afterAll(() => app.stop());

/** fetch sends its own Host header; node:http lets the test claim any. */
const postWithHost = (path: string, body: unknown, headers: Record<string, string>): Promise<number> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(app.url);
    const payload = JSON.stringify(body);
    const req = http.request(
      { hostname, port, path, method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

const resetLinkFor = async (email: string, host?: string): Promise<string> => {
  const client = app.client();
  const token = await client.csrf();
  const { host: own } = new URL(app.url);
  const status = await postWithHost(
    '/api/v1/auth/forgot-password',
    { email },
    { host: host ?? own, 'x-csrf-token': token, cookie: `csrf_secret=${client.cookie('csrf_secret')}` },
  );
  expect(status).toBeLessThan(300);
  const mail = await app.mail.waitFor((m) => m.to.includes(email));
  return /(\S+)\/auth\/reset-password\?token=/.exec(mail.text)![1];
};

it('a reset link points at the address the request came by when it is this machine', async () => {
  const { port } = new URL(app.url);
  expect(await resetLinkFor('usuario@demo.cl')).toBe(`http://127.0.0.1:${port}`);
  expect(await resetLinkFor('colaborador@demo.cl', `localhost:${port}`)).toBe(`http://localhost:${port}`);
});

it('a Host header naming another machine is not trusted with the reset token', async () => {
  const { port } = new URL(app.url);
  const link = await resetLinkFor('asesor@demo.cl', `evil.example:${port}`);
  expect(link).not.toContain('evil.example');
  expect(link).toMatch(/^http:\/\/localhost:\d+$/);
});
