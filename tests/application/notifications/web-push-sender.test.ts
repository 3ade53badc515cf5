import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { WebPushSender } from '../../../adapters/push/web-push-sender';

/** A push service of our own over HTTPS (self-signed), answering by path: /ok 201, /gone 410, /fail 500. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
const received: { path: string; headers: Record<string, unknown>; body: Buffer }[] = [];
let server: https.Server;
let base = '';

beforeAll(async () => {
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
      '/CN=127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
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
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
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

describe('Web Push adapter (web-push over HTTPS, VAPID)', () => {
  const sender = new WebPushSender(webpush.generateVAPIDKeys(), 'mailto:no-responder@vivienda.local', new https.Agent({ rejectUnauthorized: false }));
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
});
