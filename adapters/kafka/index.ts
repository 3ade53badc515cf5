export { KafkaEventRelay, RELAY_CHECKPOINTS, type EventRelayOptions } from './event-relay';
export { KafkaProjector, type KafkaProjectorOptions } from './kafka-projector';
export { consumerGroupLag } from './consumer-lag';
export { brokersFrom, createKafka } from './kafka-client';
export { categoryOf, topicFor, toMessage, fromMessage, DEFAULT_TOPIC_PREFIX } from './event-messages';
export { KafkaReadSide, type KafkaReadSideOptions } from './kafka-read-side';
export { SafePositionTracker, type TrackedGroup } from './safe-position';
