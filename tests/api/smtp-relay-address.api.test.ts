import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 47.3: an admin pointing the SMTP settings at this machine used the connection test as a port scanner
 * (open or closed, and the banner of what answered). Here the app runs as in the demo: its own in-process SMTP
 * sink, and no local relay allowed by the operator.
 */
let app: TestApp;
let admin: ApiClient;
let ssh: net.Server;
let sshPort = 0;
let sshConnections = 0;

beforeAll(async () => {
  ssh = net.createServer((socket) => {
    sshConnections++;
    socket.end('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n');
  });
  await new Promise<void>((resolve) => ssh.listen(0, '127.0.0.1', resolve));
  sshPort = (ssh.address() as AddressInfo).port;
  app = await startTestApp({ DEMO_CATALOGUE: 'off', SMTP_HOST: '', SMTP_SINK_PORT: '0', SMTP_ALLOW_LOCAL_RELAY: 'false' });
  admin = await app.signedIn('admin@demo.cl');
});
afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => ssh.close(resolve));
});

const smtpAt = (host: string, port: number) => ({
  host,
  port,
  security: 'none',
  username: '',
  fromName: 'Vivienda Pruebas',
  fromEmail: 'pruebas@vivienda.local',
  replyTo: '',
  timeoutMs: 2000,
  maxRetries: 0,
  retryDelayMs: 200,
});

describe('SMTP settings pointed at this machine (issue 47.3)', () => {
  it('the built-in capture stands: the test mail reaches the in-process sink', async () => {
    expect((await admin.post('/api/v1/email/test-connection')).status).toBe(200);
    const sent = await admin.post('/api/v1/email/test', { to: 'prueba.captura@empresa.cl' });
    expect(sent.status).toBe(200);
    await app.platform.sink!.waitFor((m) => m.to.includes('prueba.captura@empresa.cl'));
  });

  it('refuses loopback and metadata addresses without connecting, with a Spanish reason and nothing of what listens there', async () => {
    const sink = (await admin.get('/api/v1/email/settings')).body.smtp;
    for (const [host, port] of [
      ['127.0.0.1', sshPort],
      ['localhost', sshPort],
      ['169.254.169.254', 80],
    ] as const) {
      expect((await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpAt(host, port) })).status).toBe(200);
      const probe = await admin.post('/api/v1/email/test-connection');
      expect([host, probe.status, probe.body.code]).toEqual([host, 422, 'SMTP_CONNECTION_FAILED']);
      expect(probe.body.fieldErrors).toEqual([
        { field: 'host', code: 'SMTP_CONNECTION_FAILED', message: expect.stringMatching(/^La dirección del servidor SMTP no está permitida/) },
      ]);
    }
    const test = await admin.post('/api/v1/email/test', { to: 'prueba.escaneo@empresa.cl' });
    expect([test.status, test.body.code]).toEqual([422, 'TEST_EMAIL_FAILED']);
    expect(JSON.stringify(test.body)).not.toMatch(/SSH|OpenSSH/);
    expect(sshConnections).toBe(0);

    // Back to the built-in sink (loopback, but the platform's own): reached again.
    const { hasPassword: _h, ...inForce } = sink;
    expect((await admin.request('PUT', '/api/v1/email/settings', { smtp: inForce })).status).toBe(200);
    expect((await admin.post('/api/v1/email/test-connection')).status).toBe(200);
  });
});
