import { EsdbEventStore } from '../../adapters/eventstoredb/esdb-event-store';
import { describeEventStoreContract } from '../contract/event-store.contract';
import { esdbTarget, startKurrentDb } from './support/eventstoredb';

const target = esdbTarget();

if (target.kind === 'none') {
  // Skipped, never passed: the reason is printed so that a green run cannot be mistaken for a verified adapter.
  console.warn(`[distributed] EventStoreDB contract SKIPPED: ${target.reason}. Set EVENTSTORE_URL=esdb://host:2113?tls=false to run it.`);
  describe.skip('EventStore contract: EventStoreDB (skipped: no server here)', () => {
    it('runs the shared EventStore contract against EsdbEventStore', () => undefined);
  });
} else {
  let url = target.kind === 'url' ? target.url : '';
  let stopServer: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (target.kind === 'docker') ({ url, stop: stopServer } = await startKurrentDb());
  }, 180_000);

  afterAll(async () => {
    await stopServer?.();
  });

  // The server cannot be emptied between tests: the contract writes to streams of its own and reads from the head it saw.
  describeEventStoreContract(`EventStoreDB (${target.kind === 'url' ? 'EVENTSTORE_URL' : 'KurrentDB container'})`, async () => {
    const store = EsdbEventStore.connect(url);
    return { store, cleanup: () => store.close() };
  });
}
