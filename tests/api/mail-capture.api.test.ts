import fs from 'node:fs';
import { startPlatform, type Platform } from '../../adapters/composition/platform';
import { loadConfig } from '../../adapters/config';
import { ApiClient } from '../support/api-client';
import { tempDir, testEnv } from '../support/test-app';

/**
 * The built-in capture (no SMTP_HOST): a choice in the SMTP form, not a host and port. Its port changes from
 * one run to the next (SMTP_SINK_PORT=0 here), so saving the form once must not pin the mail to a port that
 * dies with the process; and what the capture caught is still in Correos after a restart.
 */
const dataDir = tempDir('plataforma-captura');
const { SMTP_HOST: _host, SMTP_PORT: _port, ...base } = testEnv(dataDir, 0, { SMTP_SINK_PORT: '0', DEMO_CATALOGUE: 'off' });
let platform: Platform | undefined;

const start = async () => {
  platform = await startPlatform(loadConfig(base), () => undefined);
  // Distributed mode listens before its read models caught up (503 SERVICE_STARTING until then).
  await platform.ready;
  const admin = new ApiClient(platform.url);
  await admin.login('admin@demo.cl');
  return admin;
};

const stop = async () => {
  await platform?.stop();
  platform = undefined;
};

afterAll(async () => {
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('saving the form unchanged, then restarting: mail is still delivered to the capture, and earlier mail still shows', async () => {
  let admin = await start();
  const got = await admin.get('/api/v1/email/settings');
  expect(got.status).toBe(200);
  expect(got.body).toMatchObject({ captureAvailable: true, smtp: { relay: 'capture' } });
  const saved = await admin.put('/api/v1/email/settings', got.body, { 'if-match': got.headers.get('etag')! });
  expect(saved.status).toBe(200);
  expect(saved.body.smtp.relay).toBe('capture');
  const before = await admin.post('/api/v1/email/test', { to: 'antes.del.reinicio@empresa.cl' });
  expect([before.status, before.body.sent]).toEqual([200, true]);
  await stop();

  admin = await start();
  const after = await admin.post('/api/v1/email/test', { to: 'despues.del.reinicio@empresa.cl' });
  expect([after.status, after.body.sent]).toEqual([200, true]);
  const mailbox = await admin.get('/api/v1/admin/mailbox');
  expect(mailbox.status).toBe(200);
  const recipients = (mailbox.body.items as { to: string[] }[]).flatMap((m) => m.to);
  expect(recipients).toEqual(expect.arrayContaining(['antes.del.reinicio@empresa.cl', 'despues.del.reinicio@empresa.cl']));
  const history = await admin.get('/api/v1/email/history?status=failed');
  expect(history.body.total).toBe(0);
});
