import path from 'node:path';
import { ContainerModule } from 'inversify';
import { TOKENS } from '../../application/ports/tokens';
import type { AppConfig } from '../../application/config';
import { openDatabase } from '../embedded/sqlite-database';
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
    bind(TOKENS.EventStore).toDynamicValue(() => new SqliteEventStore(openDatabase(file('events.sqlite')))).inSingletonScope();
    bind(TOKENS.ReadStore).toDynamicValue(() => new SqliteReadStore(openDatabase(file('read-models.sqlite')))).inSingletonScope();
    bind(TOKENS.SessionStore).toDynamicValue(() => new SqliteSessionStore(openDatabase(file('sessions.sqlite')))).inSingletonScope();
  });
