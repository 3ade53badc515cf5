import { CATALOG_INDEX } from '../../read-models/catalog/catalog-index';
import path from 'node:path';
import { ContainerModule } from 'inversify';
import type { AppConfig, DistributedConfig } from '../../application/config';
import type { EventStore, RecordedEvent } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { EventHandler } from '../../kernel/projections/event-handler';
import type { Projection } from '../../kernel/projections/projection';
import { SqliteEventStore } from '../embedded/sqlite-event-store';
import { FAULT_POINT, FaultPoint, withFault } from './fault-points';
import { EsdbEventStore } from '../eventstoredb/esdb-event-store';
import { createKafka } from '../kafka/kafka-client';
import { KafkaReadSide } from '../kafka/kafka-read-side';
import { openMongo, type MongoConnection } from '../mongodb/connect';
import { MongoReadStore } from '../mongodb/mongo-read-store';
import { DocumentCatalogIndex } from '../../read-models/catalog/document-catalog-index';
import { MongoSessionStore } from '../mongodb/mongo-session-store';
import { MongoKeyStore } from '../mongodb/mongo-key-store';
import type { KeyStore } from '../../kernel/ports/key-store';
import { withPersonalDataEncrypted } from '../../application/personal-data/platform-personal-data';
import { EncryptingEventStore } from '../../application/personal-data/encrypting-event-store';
import type { Instrument } from '../observability/metered-event-store';

/** How soon the embedded event store sees appends made by another process sharing its file. */
const SHARED_FILE_POLL_MS = 50;

/**
 * Distributed mode (docs/operations-distributed.md): events in EventStoreDB/KurrentDB (EVENTSTORE_URL), or,
 * where none is available, in the embedded SQLite store on `$DATA_DIR/events.sqlite`, which API processes on
 * the same machine may share (WAL; BEGIN IMMEDIATE + UNIQUE(stream, revision) keep optimistic concurrency
 * across processes). Read models, checkpoints and sessions in MongoDB; projections through Kafka: the
 * relay and the projectors run in this process or in their own (`npm run relay`, `npm run projector`),
 * as RUN_RELAY / RUN_PROJECTORS / PROJECTIONS say.
 */
export const distributedModule = (
  config: AppConfig,
  log: (message: string, error?: unknown) => void = () => undefined,
  instrument: Instrument = (store) => store,
) =>
  new ContainerModule(({ bind }) => {
    const settings: DistributedConfig | undefined = config.distributed;
    if (!settings) throw new Error('MODE=distributed without its settings (adapters/config.ts)');
    const mongo = sharedMongo(settings.mongodbUrl);

    // Personal data is encrypted in the event store with keys kept in MongoDB (docs/architecture.md, "Personal data").
    bind<KeyStore>(TOKENS.KeyStore)
      .toDynamicValue(() => {
        const { db, release } = mongo.acquire();
        return new MongoKeyStore(db, config.secretKey, { onClose: release });
      })
      .inSingletonScope();
    const fault = FaultPoint.of(config);
    if (fault) bind(FAULT_POINT).toConstantValue(fault);
    bind<EventStore>(TOKENS.EventStore)
      .toDynamicValue((ctx) =>
        withPersonalDataEncrypted(
          withFault(
            fault,
            instrument(
              settings.eventStoreUrl
                ? EsdbEventStore.connect(settings.eventStoreUrl)
                : SqliteEventStore.open(path.join(config.dataDir, 'events.sqlite'), { pollIntervalMs: SHARED_FILE_POLL_MS }),
            ),
          ),
          ctx.get<KeyStore>(TOKENS.KeyStore),
          config.secretKey,
          ctx.get(TOKENS.EventUpcasters),
        ),
      )
      .inSingletonScope();
    bind<ReadStore>(TOKENS.ReadStore)
      .toDynamicValue(() => {
        const { db, release } = mongo.acquire();
        return new MongoReadStore(db, release);
      })
      .inSingletonScope();
    // The catalogue's MongoDB indexes (CATALOG_DOCUMENT_INDEXES) answer its queries over the documents themselves.
    bind(CATALOG_INDEX)
      .toDynamicValue((ctx) => new DocumentCatalogIndex(ctx.get<ReadStore>(TOKENS.ReadStore)))
      .inSingletonScope();
    bind(TOKENS.SessionStore)
      .toDynamicValue(() => {
        const { db, release } = mongo.acquire();
        return new MongoSessionStore(db, { onClose: release });
      })
      .inSingletonScope();
    bind(TOKENS.ProjectionRunner)
      .toDynamicValue(
        (ctx) =>
          new KafkaReadSide({
            events: ctx.get<EventStore>(TOKENS.EventStore),
            // Kafka carries the events as stored (personal data sealed); projectors open them.
            ...sealedTopics(ctx.get<EventStore>(TOKENS.EventStore)),
            store: ctx.get<ReadStore>(TOKENS.ReadStore),
            kafka: createKafka(settings.kafkaBrokers, `vivienda-${process.pid}`),
            projections: ctx.get<readonly Projection[]>(TOKENS.Projections),
            handlers: ctx.get<readonly EventHandler[]>(TOKENS.EventHandlers),
            topicPrefix: settings.topicPrefix,
            groupPrefix: settings.groupPrefix,
            partitions: settings.topicPartitions,
            relayName: settings.relayName,
            runRelay: settings.runRelay,
            runProjectors: settings.runProjectors,
            only: settings.projections,
            defaultCategories: settings.eventCategories,
            sessionTimeoutMs: settings.sessionTimeoutMs,
            fetchWaitMs: settings.fetchWaitMs,
            log,
          }),
      )
      .inSingletonScope();
  });

/** One MongoClient for the read store and the session store, closed when the last of them closes. */
function sharedMongo(url: string) {
  let connection: MongoConnection | undefined;
  let users = 0;
  return {
    acquire() {
      connection ??= openMongo(url);
      const current = connection;
      users += 1;
      let released = false;
      return {
        db: current.db,
        release: async () => {
          if (released) return;
          released = true;
          users -= 1;
          if (users === 0) {
            connection = undefined;
            await current.close();
          }
        },
      };
    },
  };
}

/** The relay publishes what the store holds (ciphertext), and projectors decrypt: no clear personal data in Kafka. */
const sealedTopics = (events: EventStore) =>
  events instanceof EncryptingEventStore ? { relayEvents: events.undecorated, open: (batch: readonly RecordedEvent[]) => events.open(batch) } : {};
