import 'reflect-metadata';
import path from 'node:path';
import { loadConfig } from '../config';
import { ProjectionRunner } from '../../application/projections/projection-runner';
import { ALL_PROJECTIONS } from '../../read-models/all-projections';
import { SqliteEventStore } from '../embedded/sqlite-event-store';
import { SqliteReadStore } from '../embedded/sqlite-read-store';

/**
 * `npm run projections:rebuild -- <name>`: replays the event log into fresh collections and switches
 * them in (blue-green). Embedded mode, with the server stopped (a running server has the same operation
 * at POST /api/v1/admin/projections/<name>/rebuild).
 */
const main = async () => {
  const name = process.argv[2];
  const names = ALL_PROJECTIONS.map((p) => p.name);
  if (!name || !names.includes(name)) {
    console.error(`Uso: npm run projections:rebuild -- <${names.join(' | ')}>`);
    process.exit(2);
  }
  const config = loadConfig();
  const events = SqliteEventStore.open(path.join(config.dataDir, 'events.sqlite'));
  const store = SqliteReadStore.open(path.join(config.dataDir, 'read-models.sqlite'));
  const runner = new ProjectionRunner(events, store, ALL_PROJECTIONS.filter((p) => p.name === name));
  const started = Date.now();
  const { position } = await runner.rebuild(name);
  await runner.stop();
  await events.close();
  await store.close();
  console.log(`Proyección ${name} reconstruida hasta la posición ${position} en ${Date.now() - started} ms`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
