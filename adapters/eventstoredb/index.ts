export { EsdbEventStore } from './esdb-event-store';
