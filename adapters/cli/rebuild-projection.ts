import 'reflect-metadata';
import { loadConfig } from '../config';
import type { EventStore } from '../../application/ports/event-store';
import type { Projection } from '../../application/projections/projection';
import type { ReadSide } from '../../application/projections/read-side';
import type { ReadStore } from '../../application/ports/read-store';
import { TOKENS } from '../../application/ports/tokens';
import { createContainer } from '../composition/container';
import { forOperator } from '../operator-error';

/**
 * `npm run projections:rebuild -- <name>`: replays the event log into fresh collections and switches
 * them in (blue-green). Embedded mode: with the server stopped (a running server has the same operation
 * at POST /api/v1/admin/projections/<name>/rebuild). MODE=distributed: while everything runs; the live
 * projector keeps consuming, and what it applies meanwhile is replayed once more after the switch.
 */
const main = async () => {
  const name = process.argv[2];
  const config = loadConfig();
  const log = (message: string, error?: unknown) => console.error(message, error ?? '');
  const container = createContainer(config, log);
  const names = container.get<readonly Projection[]>(TOKENS.Projections).map((p) => p.name);
  if (!name || !names.includes(name)) {
    console.error(`Uso: npm run projections:rebuild -- <${names.join(' | ')}>`);
    process.exit(2);
  }
  const readSide = container.get<ReadSide>(TOKENS.ProjectionRunner);
  const started = Date.now();
  const { position } = await readSide.rebuild(name);
  await readSide.stop();
  await container.get<EventStore>(TOKENS.EventStore).close();
  await container.get<ReadStore>(TOKENS.ReadStore).close();
  console.log(`Proyección ${name} reconstruida hasta la posición ${position} en ${Date.now() - started} ms (modo ${config.mode})`);
};

main().catch((error) => {
  console.error(forOperator(error));
  process.exit(1);
});
