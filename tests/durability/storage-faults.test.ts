import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startPlatform, type Platform } from '../../adapters/composition/platform';
import { loadConfig } from '../../adapters/config';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { ApiClient } from '../support/api-client';
import { serverChildren } from '../support/server-child';
import { signup, tempDir, testEnv } from '../support/test-app';

/**
 * A data directory that takes no writes: a real file system of 48 MB (tmpfs, mounted by the test: CI runs as root),
 * filled to the last byte or remounted read-only. Writes answer 503 with the Spanish message, readiness says why,
 * start is refused in one line, and freeing space is enough for the platform to write again.
 */
const mountPoint = tempDir('plataforma-disk');
const dataDir = path.join(mountPoint, 'data');
const filler = path.join(mountPoint, 'filler');
const mail = new SmtpSink();
const children = serverChildren();
let env: Record<string, string>;

const fillDisk = () => {
  // Writes until ENOSPC: dd stops there and exits non-zero, which is the point.
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M'], { stdio: 'ignore' });
  } catch {
    /* the disk is full */
  }
  expect(fs.statfsSync(mountPoint).bavail).toBe(0);
};

beforeAll(async () => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mountPoint]);
  env = testEnv(dataDir, await mail.listen(0), { DEMO_CATALOGUE: 'false', SMTP_SINK_PORT: '0' });
});
afterAll(async () => {
  children.kill();
  await mail.close();
  execFileSync('umount', ['-l', mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

describe('a full disk', () => {
  let platform: Platform | undefined;
  afterAll(async () => {
    fs.rmSync(filler, { force: true });
    await platform?.stop();
  });

  it('answers writes 503 with the Spanish message, says so in readiness, and writes again once space is freed', async () => {
    platform = await startPlatform(loadConfig(env), () => undefined);
    const client = new ApiClient(platform.url);
    await client.csrf();
    fillDisk();

    // The stores' files keep some free pages: writes go on until one needs a page more. A login records a session.
    let refused: Awaited<ReturnType<ApiClient['post']>> | undefined;
    for (let i = 0; i < 2_000 && !refused; i++) {
      const res = await client.post('/api/v1/auth/jwt/login', { login: 'admin@demo.cl', password: 'Demo2026!' });
      if (res.status !== 200) refused = res;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.body).toMatchObject({ code: 'STORAGE_UNAVAILABLE', message: expect.stringContaining('no puede guardar'), fieldErrors: [] });
    const signUp = await client.post('/api/v1/auth/register', signup());
    expect([signUp.status, signUp.body.code]).toEqual([503, 'STORAGE_UNAVAILABLE']);
    const health = await client.get('/api/v1/health');
    expect([health.status, health.body.status, health.body.storage]).toEqual([503, 'unavailable', 'full']);

    fs.rmSync(filler);
    expect((await client.get('/api/v1/health')).body).toMatchObject({ status: 'ready' });
    const body = signup();
    expect((await client.post('/api/v1/auth/register', body)).status).toBe(201);
    expect((await client.post('/api/v1/auth/jwt/login', { login: 'admin@demo.cl', password: 'Demo2026!' })).status).toBe(200);
    await platform.stop();
    platform = undefined;
  }, 180_000);

  it('refuses to start in one line naming the directory and the cause', async () => {
    fillDisk();
    try {
      const refusal = await children.start({ ...env, PORT: '0' }).then(
        () => 'started',
        (error: Error) => error.message,
      );
      const output = refusal.replace(/^server exited with 1: /, '').trim();
      expect(output).toBe(
        `No se pudo iniciar la plataforma: el directorio de datos ${dataDir} no admite escrituras: el disco está lleno (ENOSPC). Libere espacio o use otro DATA_DIR.`,
      );
    } finally {
      fs.rmSync(filler, { force: true });
    }
  }, 120_000);
});

it('a read-only data directory: start is refused in one line', async () => {
  execFileSync('mount', ['-o', 'remount,ro', mountPoint]);
  try {
    const refusal = await children.start({ ...env, PORT: '0' }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refusal.replace(/^server exited with 1: /, '').trim()).toBe(
      `No se pudo iniciar la plataforma: el directorio de datos ${dataDir} no admite escrituras: el directorio es de solo lectura (EROFS). Revise los permisos y el montaje, o use otro DATA_DIR.`,
    );
  } finally {
    execFileSync('mount', ['-o', 'remount,rw', mountPoint]);
  }
}, 120_000);
