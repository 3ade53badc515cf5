import { CATALOG_INDEX } from '../../read-models/catalog/catalog-index';
import path from 'node:path';
import { ContainerModule } from 'inversify';
import { TOKENS } from '../../kernel/ports/tokens';
import type { AppConfig } from '../../application/config';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { EventHandler } from '../../kernel/projections/event-handler';
import type { Projection } from '../../kernel/projections/projection';
import { ProjectionRunner } from '../../kernel/projections/projection-runner';
import { SqliteCatalogIndex } from '../embedded/sqlite-catalog-index';
import { SqliteEventStore } from '../embedded/sqlite-event-store';
import { FAULT_POINT, FaultPoint, withFault } from './fault-points';
import { SqliteKeyStore } from '../embedded/sqlite-key-store';
import type { KeyStore } from '../../kernel/ports/key-store';
import { withPersonalDataEncrypted } from '../../application/personal-data/platform-personal-data';
import { SqliteReadStore } from '../embedded/sqlite-read-store';
import { SqliteSessionStore } from '../embedded/sqlite-session-store';
import type { Instrument } from '../observability/metered-event-store';

/**
 * Embedded mode: four SQLite files under DATA_DIR (events, personal-data keys, read models, sessions), so the read store
 * can be thrown away and rebuilt from the events without touching them. Projections run in this process,
 * one catch-up subscription each.
 */
/** The embedded event store's commit counters: `() => { commits, appends }` (bound in embedded mode only). */
export const COMMIT_STATS = Symbol('EmbeddedCommitStats');

export const embeddedModule = (
  config: AppConfig,
  log: (message: string, error?: unknown) => void = () => undefined,
  instrument: Instrument = (store) => store,
) =>
  new ContainerModule(({ bind }) => {
    const file = (name: string) => path.join(config.dataDir, name);
    // Keys in a file of their own: the event store holds personal data only as ciphertext (docs/architecture.md).
    bind(TOKENS.KeyStore)
      .toDynamicValue(() => SqliteKeyStore.open(file('keys.sqlite'), config.secretKey))
      .inSingletonScope();
    let sqliteEvents: SqliteEventStore | undefined;
    const fault = FaultPoint.of(config);
    if (fault) bind(FAULT_POINT).toConstantValue(fault);
    // The store's group commits so far, for GET /metrics (read when scraped; the store below is wrapped).
    bind(COMMIT_STATS).toConstantValue(() => sqliteEvents?.commitStats ?? { commits: 0, appends: 0 });
    bind(TOKENS.EventStore)
      .toDynamicValue((ctx) =>
        // The only writer of its file (a lock file says so to any other process): commands' reads of a stream need no query.
        withPersonalDataEncrypted(
          withFault(fault, instrument((sqliteEvents = SqliteEventStore.open(file('events.sqlite'), { soleWriter: true })))),
          ctx.get<KeyStore>(TOKENS.KeyStore),
          config.secretKey,
          ctx.get(TOKENS.EventUpcasters),
        ),
      )
      .inSingletonScope();
    bind(TOKENS.ReadStore)
      .toDynamicValue(() => {
        // Its writes are built on the event loop and written by a thread of their own (sql-writer-thread.ts).
        const store = SqliteReadStore.open(file('read-models.sqlite'), { writerThread: true });
        SqliteCatalogIndex.of(store); // follows the cards from their first write on
        return store;
      })
      .inSingletonScope();
    bind(CATALOG_INDEX)
      .toDynamicValue((ctx) => SqliteCatalogIndex.of(ctx.get<SqliteReadStore>(TOKENS.ReadStore)))
      .inSingletonScope();
    bind(TOKENS.SessionStore)
      .toDynamicValue(() => SqliteSessionStore.open(file('sessions.sqlite')))
      .inSingletonScope();
    bind(TOKENS.ProjectionRunner)
      .toDynamicValue(
        (ctx) =>
          new ProjectionRunner(
            ctx.get<EventStore>(TOKENS.EventStore),
            ctx.get<ReadStore>(TOKENS.ReadStore),
            ctx.get<readonly Projection[]>(TOKENS.Projections),
            (name, error) => log(`projection ${name} failed; retrying`, error),
            ctx.get<readonly EventHandler[]>(TOKENS.EventHandlers),
          ),
      )
      .inSingletonScope();
  });
