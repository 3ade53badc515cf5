import { EsdbEventStore } from '../../adapters/eventstoredb/esdb-event-store';
import { describeEventStoreContract } from '../contract/event-store.contract';
import { ImitationEsdbClient } from './support/imitation-esdb-client';

/**
 * Not EventStoreDB: the adapter's own logic (expected-revision mapping, system-event filtering, $all
 * paging and inclusive/exclusive positions, subscription batching and resubscription after a failed
 * batch) over an imitation of the client. The real server runs in esdb-event-store.test.ts when available.
 */
const client = new ImitationEsdbClient();

describeEventStoreContract('EsdbEventStore over an imitation of the EventStoreDB client (not a server)', async () => {
  const store = new EsdbEventStore(client.asClient());
  return { store, cleanup: () => store.close() };
});
