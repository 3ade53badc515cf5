import { DEMO_ACCOUNTS } from '../../adapters/seed/demo-accounts';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { openMongo } from '../../adapters/mongodb/connect';
import { MongoReadStore } from '../../adapters/mongodb/mongo-read-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { distributedTests, releaseDistributed } from '../support/distributed-env';
import { signup, startTestApp, type TestApp } from '../support/test-app';

const ROOT = path.resolve(__dirname, '../..');

/** The app's read store, opened from outside: its SQLite file, or (TEST_MODE=distributed) its MongoDB database. */
const readStoreOf = async (app: TestApp): Promise<ReadStore> => {
  if (!distributedTests()) return SqliteReadStore.open(path.join(app.dataDir, 'read-models.sqlite'));
  const mongo = openMongo(app.env.MONGODB_URL);
  return new MongoReadStore(mongo.db, mongo.close);
};

describe('npm run projections:rebuild', () => {
  it('rebuilds a read model from the events while the server is stopped', async () => {
    const app = await startTestApp({ DEMO_CATALOGUE: 'off' });
    const body = signup();
    const { body: created } = await app.client().post('/api/v1/auth/register', body);
    await app.platform.stop();
    const damaged = await readStoreOf(app);
    await damaged.collection('users').deleteMany({});
    await damaged.close();

    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'adapters/cli/rebuild-projection.ts'), 'users'], {
      cwd: ROOT,
      env: { ...process.env, ...app.env },
      encoding: 'utf8',
    });
    expect(run.stdout).toMatch(/Proyección users reconstruida hasta la posición \d+/);
    const rebuilt = await readStoreOf(app);
    expect(await rebuilt.collection('users').findOne({ _id: created.data.userId })).toMatchObject({ email: body.workEmail });
    expect(await rebuilt.collection('users').countDocuments({})).toBe(DEMO_ACCOUNTS.length + 1);
    await rebuilt.close();
    await app.mail.close();
    await releaseDistributed(app.env);
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  });
});
