import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { loadConfig } from '../../adapters/config';
import { startPlatform, type Platform } from '../../adapters/composition/platform';
import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ReadSide } from '../../kernel/projections/read-side';
import { adminAndOfficer, registeredPerson } from '../personal-data/support-people';
import { ApiClient } from '../support/api-client';
import { signup, startTestApp, tempDir, type TestApp } from '../support/test-app';

const ROOT = path.resolve(__dirname, '../..');

/** `npm run backup` / `npm run restore` as the operator runs them: a process of their own, beside the running server. */
const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, `adapters/cli/${script}.ts`), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('close', (code) => resolve({ code, out, err }));
  });

let app: TestApp;
const scratch = tempDir('respaldo-test');
const archive = path.join(scratch, 'respaldo.tar.gz');
let restored: Platform | undefined;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await restored?.stop();
  await app.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const caughtUp = async (platform: Platform) => {
  await platform.ready;
  const head = await platform.container.get<EventStore>(TOKENS.EventStore).headPosition();
  expect(await platform.container.get<ReadSide>(TOKENS.ProjectionRunner).waitFor(head, 60_000)).toBe(true);
};

describe('npm run backup / npm run restore (embedded data directory)', () => {
  it('backs up under load; the restored directory serves every write acknowledged before, opens personal data, keeps the erased erased', async () => {
    const { officer } = await adminAndOfficer(app);
    const erased = await registeredPerson(app, { name: 'Eduviges', firstLastName: 'Zurbarán' });
    const requested = await erased.client.post('/api/v1/me/data-requests', { kind: 'erasure', details: '' });
    expect((await officer.post(`/api/v1/data-requests/${requested.body.id}/complete`, { outcome: 'Datos suprimidos' })).status).toBe(200);
    const kept = await registeredPerson(app, { name: 'Filomena', firstLastName: 'Quintanilla' });

    // Sign-ups keep arriving from four clients until the backup has finished.
    let backupStarted = false;
    let backupDone = false;
    const before: string[] = [];
    let during = 0;
    const client = app.client();
    const signUps = async () => {
      while (!backupDone) {
        const body = signup();
        const res = await client.post('/api/v1/auth/register', body);
        expect(res.status).toBe(201);
        if (!backupStarted) before.push(body.workEmail);
        else if (!backupDone) during++;
      }
    };
    const load = Array.from({ length: 4 }, signUps);
    while (before.length < 12) await new Promise((r) => setImmediate(r));
    backupStarted = true;
    const backup = await cli('backup', [archive], { DATA_DIR: app.dataDir });
    backupDone = true;
    await Promise.all(load);
    expect(backup.err).toBe('');
    expect(backup.out).toMatch(/Respaldo escrito en .*respaldo\.tar\.gz/);
    expect(during).toBeGreaterThan(0); // the copy was taken while writes were being acknowledged

    const dir = path.join(scratch, 'restaurado');
    const restore = await cli('restore', [archive, dir], {});
    expect(restore.err).toBe('');
    expect(restore.out).toMatch(/restaurado en .*verificados/);

    for (const key of ['secret.key', 'vapid.json'])
      expect([key, fs.readFileSync(path.join(dir, key))]).toEqual([key, fs.readFileSync(path.join(app.dataDir, key))]);
    restored = await startPlatform(loadConfig({ ...app.env, DATA_DIR: dir }));
    await caughtUp(restored);
    const admin = new ApiClient(restored.url);
    await admin.login('admin@demo.cl');
    // The users read model made again from the restored events: every name opens with the restored keys.
    const superAdmin = new ApiClient(restored.url);
    await superAdmin.login('superadmin@demo.cl');
    expect((await superAdmin.post('/api/v1/admin/projections/users/rebuild', {})).status).toBe(200);
    for (const email of before) {
      const found = await admin.get(`/api/v1/users?search=${encodeURIComponent(email)}`);
      expect(found.body.items.map((u: { email: string }) => u.email)).toEqual([email]);
    }
    expect((await admin.get(`/api/v1/users/${kept.userId}`)).body).toMatchObject({ name: expect.stringContaining('Filomena'), email: kept.body.workEmail });
    const keptAgain = new ApiClient(restored.url);
    await keptAgain.login(kept.body.workEmail, kept.body.password);
    expect((await keptAgain.get('/api/v1/me/data-export')).body.sections.profile.data).toMatchObject({ name: 'Filomena' });

    expect((await admin.get(`/api/v1/users/${erased.userId}`)).body).toMatchObject({ email: 'titular suprimido', name: 'titular suprimido' });
    expect(
      (await new ApiClient(restored.url).post('/api/v1/auth/cookie/login', { email: erased.body.workEmail, password: erased.body.password })).status,
    ).not.toBe(200);
    const restoredBytes = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    for (const entry of restoredBytes)
      expect(fs.readFileSync(path.join(entry.parentPath, entry.name)).includes(Buffer.from(erased.body.workEmail))).toBe(false);
  });

  it('refuses a partial archive, one whose file does not match its checksum, and a directory that is not empty; nothing is written', async () => {
    const partial = path.join(scratch, 'cortado.tar.gz');
    const whole = fs.readFileSync(archive);
    fs.writeFileSync(partial, whole.subarray(0, Math.floor(whole.length / 2)));
    const target = path.join(scratch, 'desde-cortado');
    const cut = await cli('restore', [partial, target], {});
    expect(cut.code).toBe(1);
    expect(cut.err).toMatch(/^El respaldo .*cortado\.tar\.gz está dañado o incompleto \(.+\): no se restauró nada\.\nThe backup .* is damaged or incomplete/);
    expect(fs.existsSync(target)).toBe(false);

    const unpacked = path.join(scratch, 'alterado');
    fs.mkdirSync(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    const keys = path.join(unpacked, 'keys.sqlite');
    const bytes = fs.readFileSync(keys);
    bytes[bytes.length - 1] ^= 0xff;
    fs.writeFileSync(keys, bytes);
    const tampered = path.join(scratch, 'alterado.tar.gz');
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, fs.readdirSync(unpacked));
    const altered = await cli('restore', [tampered, target], {});
    expect(altered.code).toBe(1);
    expect(altered.err).toMatch(/keys\.sqlite no coincide con su suma de verificación/);
    expect(fs.existsSync(target)).toBe(false);

    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'algo.txt'), 'no tocar');
    const occupied = await cli('restore', [archive, target], {});
    expect(occupied.code).toBe(1);
    expect(occupied.err).toMatch(/no está vacío/);
    expect(fs.readdirSync(target)).toEqual(['algo.txt']);
  });
});
