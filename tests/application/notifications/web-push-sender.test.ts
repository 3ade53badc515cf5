import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { PushServices } from '../../../adapters/push/push-services';
import { WebPushSender } from '../../../adapters/push/web-push-sender';
import type { Resolve } from '../../../adapters/net/outbound-address';

/**
 * A push service of our own over HTTPS (self-signed for `push.test`), answering by path: /ok 201, /gone 410,
 * /fail 500. It listens on loopback, which the real rule refuses: the sender that delivers to it is told
 * `push.test` is a push service at 127.0.0.1 and that loopback is acceptable, the others are not.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
const received: { path: string; headers: Record<string, unknown>; body: Buffer }[] = [];
let server: https.Server;
let port = 0;

execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    path.join(dir, 'key.pem'),
    '-out',
    path.join(dir, 'cert.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=push.test',
    '-addext',
    'subjectAltName=DNS:push.test',
  ],
  { stdio: 'ignore' },
);
beforeAll(async () => {
  server = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url === '/ok' ? 201 : req.url === '/gone' ? 410 : 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A browser's subscription keys: its P-256 public key and a 16-byte auth secret, base64url. */
const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

/** `push.test` at 127.0.0.1 (the test's service), and how many times anyone asked. */
let lookups = 0;
const resolveToLoopback: Resolve = async () => {
  lookups++;
  return [{ address: '127.0.0.1', family: 4 }];
};
/** The test's service listens on its own port: a sender whose connections to port 443 go there instead. */
const toTestPort = (sender: WebPushSender) => {
  const agent = (sender as unknown as { agent: https.Agent }).agent;
  const connect = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => connect({ ...options, port }, callback);
  return sender;
};

describe('Web Push adapter (web-push over HTTPS, VAPID)', () => {
  const ca = fs.readFileSync(path.join(dir, 'cert.pem'));
  const base = 'https://push.test';
  const sender = toTestPort(
    new WebPushSender(
      webpush.generateVAPIDKeys(),
      'mailto:no-responder@vivienda.local',
      new PushServices(['push.test'], resolveToLoopback, (kind) => kind === 'public' || kind === 'loopback'),
      { ca },
    ),
  );
  const payload = { title: 'Reserva confirmada', body: 'La unidad 101 de Mirador', link: '/dashboard/reservations', tag: 'n1' };

  it('delivers the payload encrypted for the subscription, signed with the VAPID key', async () => {
    expect(await sender.send({ endpoint: `${base}/ok`, keys: browserKeys() }, payload)).toBe('sent');
    const request = received.at(-1)!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(String(request.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${sender.publicKey}$`));
    expect(request.headers.ttl).toBe(String(24 * 3600));
    expect(request.body.toString('latin1')).not.toContain('Reserva confirmada');
  });

  it('answers gone for a subscription the push service no longer has, and fails on anything else', async () => {
    expect(await sender.send({ endpoint: `${base}/gone`, keys: browserKeys() }, payload)).toBe('gone');
    await expect(sender.send({ endpoint: `${base}/fail`, keys: browserKeys() }, payload)).rejects.toMatchObject({ statusCode: 500 });
  });

  it('never connects to an endpoint that is not https on 443 of a listed push service: the subscription is forgotten', async () => {
    const before = received.length;
    for (const endpoint of [
      `http://push.test/ok`,
      `https://127.0.0.1:${port}/ok`,
      `https://push.test:${port}/ok`,
      `https://user:clave@push.test/ok`,
      `https://otro.test/ok`,
      `https://push.test.evil.example/ok`,
    ])
      expect([endpoint, await sender.send({ endpoint, keys: browserKeys() }, payload)]).toEqual([endpoint, 'gone']);
    expect(received.length).toBe(before);
  });

  it('refuses at send time a listed host that now resolves to loopback: nothing reaches it (the checked address is the one connected to)', async () => {
    const strict = toTestPort(
      new WebPushSender(webpush.generateVAPIDKeys(), 'mailto:no-responder@vivienda.local', new PushServices(['push.test'], resolveToLoopback), { ca }),
    );
    const before = received.length;
    lookups = 0;
    await expect(strict.send({ endpoint: `${base}/ok`, keys: browserKeys() }, payload)).rejects.toMatchObject({ code: 'EADDRREFUSED' });
    expect(lookups).toBeGreaterThan(0);
    expect(received.length).toBe(before);
  });
});

describe('push services a subscription may name', () => {
  const answering =
    (addresses: Record<string, string[]>): Resolve =>
    async (host) =>
      (addresses[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const services = new PushServices(
    undefined,
    answering({
      'fcm.googleapis.com': ['142.250.79.10'],
      'wns2-par02p.notify.windows.com': ['20.199.120.182'],
      'web.push.apple.com': ['10.0.0.7'],
      'updates.push.services.mozilla.com': ['34.117.65.55', '::1'],
    }),
  );

  it('accepts the browsers’ push services resolved to public addresses, nothing else', async () => {
    expect(await services.accepts('https://fcm.googleapis.com/fcm/send/abc:def')).toBe(true);
    expect(await services.accepts('https://wns2-par02p.notify.windows.com/w/?token=abc')).toBe(true);
    for (const endpoint of [
      'https://web.push.apple.com/QGh', // resolves to a private address
      'https://updates.push.services.mozilla.com/wpush/v2/x', // one of its addresses is loopback
      'https://notify.windows.com/w', // the wildcard is for subdomains
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest/meta-data',
      'no es una url',
    ])
      expect([endpoint, await services.accepts(endpoint)]).toEqual([endpoint, false]);
  });
});
