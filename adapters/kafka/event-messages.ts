import type { IHeaders, Message } from 'kafkajs';
import type { RecordedEvent } from '../../kernel/ports/event-store';

export const DEFAULT_TOPIC_PREFIX = 'events.';

/** A stream id is `<category>-<id>` (ARCHITECTURE.md §3): the category is everything before the first '-'. */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}

export function topicFor(category: string, prefix = DEFAULT_TOPIC_PREFIX): string {
  return `${prefix}${category}`;
}

/**
 * One Kafka record per event. Key = stream id, so one stream's events land on one partition in order;
 * the headers let consumers route or skip without parsing the value.
 */
export function toMessage(event: RecordedEvent): Message {
  return {
    key: event.streamId,
    value: JSON.stringify(event),
    headers: {
      type: event.type,
      revision: String(event.revision),
      globalPosition: String(event.globalPosition),
      correlationId: event.metadata.correlationId,
    },
  };
}

export function fromMessage(message: { value: Buffer | null; headers?: IHeaders }): RecordedEvent {
  if (!message.value) throw new Error('Kafka record without a value: not an event');
  const event = JSON.parse(message.value.toString('utf8')) as RecordedEvent;
  if (typeof event.streamId !== 'string' || typeof event.globalPosition !== 'number' || typeof event.revision !== 'number') {
    throw new Error('Kafka record is not a recorded event');
  }
  return event;
}
