import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { signup, startTestApp } from '../support/test-app';

const ROOT = path.resolve(__dirname, '../..');

describe('npm run projections:rebuild', () => {
  it('rebuilds a read model from the events while the server is stopped', async () => {
    const app = await startTestApp();
    const body = signup();
    const { body: created } = await app.client().post('/api/v1/auth/register', body);
    await app.platform.stop();
    const file = path.join(app.dataDir, 'read-models.sqlite');
    const damaged = SqliteReadStore.open(file);
    await damaged.collection('users').deleteMany({});
    await damaged.close();

    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'adapters/cli/rebuild-projection.ts'), 'users'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: app.dataDir },
      encoding: 'utf8',
    });
    expect(run.stdout).toMatch(/Proyección users reconstruida hasta la posición \d+/);
    const rebuilt = SqliteReadStore.open(file);
    expect(await rebuilt.collection('users').findOne({ _id: created.data.userId })).toMatchObject({ email: body.workEmail });
    expect(await rebuilt.collection('users').countDocuments({})).toBe(8);
    await rebuilt.close();
    await app.mail.close();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  });
});
