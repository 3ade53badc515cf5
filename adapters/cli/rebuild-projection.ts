import 'reflect-metadata';
import { loadConfig } from '../config';
import type { EventStore } from '../../kernel/ports/event-store';
import type { Projection } from '../../kernel/projections/projection';
import type { ReadSide } from '../../kernel/projections/read-side';
import type { ReadStore } from '../../kernel/ports/read-store';
import { TOKENS } from '../../kernel/ports/tokens';
import { createContainer } from '../composition/container';
import { exitForOperator } from '../operator-error';
import { createLogger, logTo } from '../logging/logger';

/**
 * `npm run projections:rebuild -- <name>`: replays the event log into fresh collections and switches
 * them in (blue-green). Embedded mode: with the server stopped (a running server has the same operation
 * at POST /api/v1/admin/projections/<name>/rebuild). MODE=distributed: while everything runs; the live
 * projector keeps consuming, and what it applies meanwhile is replayed once more after the switch.
 */
const main = async () => {
  const name = process.argv[2];
  const config = loadConfig();
  const container = createContainer(config, logTo(createLogger(config.log)));
  const names = container.get<readonly Projection[]>(TOKENS.Projections).map((p) => p.name);
  if (!name || !names.includes(name)) {
    process.stderr.write(`Uso: npm run projections:rebuild -- <${names.join(' | ')}>\n`);
    process.exit(2);
  }
  const readSide = container.get<ReadSide>(TOKENS.ProjectionRunner);
  const started = Date.now();
  const { position } = await readSide.rebuild(name);
  await readSide.stop();
  await container.get<EventStore>(TOKENS.EventStore).close();
  await container.get<ReadStore>(TOKENS.ReadStore).close();
  process.stdout.write(`Proyección ${name} reconstruida hasta la posición ${position} en ${Date.now() - started} ms (modo ${config.mode})\n`);
};

main().catch((error) => exitForOperator('', error));
