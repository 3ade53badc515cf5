import path from 'node:path';
import { ContainerModule } from 'inversify';
import { TOKENS } from '../../application/ports/tokens';
import type { AppConfig } from '../../application/config';
import { SqliteEventStore } from '../embedded/sqlite-event-store';
import { SqliteReadStore } from '../embedded/sqlite-read-store';
import { SqliteSessionStore } from '../embedded/sqlite-session-store';

/**
 * Embedded mode: three SQLite files under DATA_DIR (events, read models, sessions), so the read store
 * can be thrown away and rebuilt from the events without touching them.
 */
export const embeddedModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    const file = (name: string) => path.join(config.dataDir, name);
    bind(TOKENS.EventStore).toDynamicValue(() => SqliteEventStore.open(file('events.sqlite'))).inSingletonScope();
    bind(TOKENS.ReadStore).toDynamicValue(() => SqliteReadStore.open(file('read-models.sqlite'))).inSingletonScope();
    bind(TOKENS.SessionStore).toDynamicValue(() => SqliteSessionStore.open(file('sessions.sqlite'))).inSingletonScope();
  });
