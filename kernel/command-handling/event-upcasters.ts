import type { EventToAppend, RecordedEvent } from '../ports/event-store';

/** The schema version of an event type whose shape has never changed; events stored without one are at it too. */
export const EVENT_SCHEMA_VERSION = 1;

/**
 * One step in the life of an event type's shape: the data stored at `fromVersion`, as version `fromVersion + 1`
 * has it. Stored events are never rewritten: an old event is brought to the current shape each time it is read.
 * The step sees the whole recorded event (its stream, metadata) to fill what the old shape did not say.
 */
export interface Upcaster {
  readonly type: string;
  readonly fromVersion: number;
  upcast(data: Record<string, unknown>, event: RecordedEvent): Record<string, unknown>;
}

/**
 * The upcasters of the platform's event types, handed to the event store the platform reads through
 * (EncryptingEventStore: the one place stored events are opened for the command side, the projections, the
 * process managers and, in distributed mode, what the projectors take from Kafka). Appends are stamped with their
 * type's current version; reads come back in the current shape whatever version they were stored at.
 *
 * Changing an event's shape: write the new shape in its domain type and every `evolve` and projection that reads
 * it, and register the step from the old one here (its module's bindings). Personal fields are opened before
 * the step runs, so the personal-data schema names them where the stored versions have them.
 */
export class EventUpcasters {
  private readonly steps = new Map<string, Map<number, Upcaster>>();
  private readonly current = new Map<string, number>();

  constructor(upcasters: readonly Upcaster[] = []) {
    for (const upcaster of upcasters) {
      const steps = this.steps.get(upcaster.type) ?? new Map<number, Upcaster>();
      if (steps.has(upcaster.fromVersion)) throw new Error(`Two upcasters for ${upcaster.type} v${upcaster.fromVersion}`);
      steps.set(upcaster.fromVersion, upcaster);
      this.steps.set(upcaster.type, steps);
    }
    for (const [type, steps] of this.steps) {
      for (let version = EVENT_SCHEMA_VERSION; version < EVENT_SCHEMA_VERSION + steps.size; version++)
        if (!steps.has(version)) throw new Error(`${type}: no upcaster from v${version} (each version needs a step to the next)`);
      this.current.set(type, EVENT_SCHEMA_VERSION + steps.size);
    }
  }

  /** No event type has changed its shape: reads and appends pass as they are. */
  get empty(): boolean {
    return this.current.size === 0;
  }

  /** The version an event of `type` is written at today. */
  currentVersion(type: string): number {
    return this.current.get(type) ?? EVENT_SCHEMA_VERSION;
  }

  /** Events about to be stored, each with its type's current version (the same array when no type has changed). */
  stamp(events: readonly EventToAppend[]): readonly EventToAppend[] {
    if (this.current.size === 0 || !events.some((e) => this.current.has(e.type))) return events;
    return events.map((e) => {
      const version = this.currentVersion(e.type);
      return e.metadata.schemaVersion === version ? e : { ...e, metadata: { ...e.metadata, schemaVersion: version } };
    });
  }

  /** Stored events in their type's current shape (the same array when none was stored at an older version). */
  upcast<E extends RecordedEvent>(events: E[]): E[] {
    if (this.current.size === 0 || !events.some((e) => this.isOld(e))) return events;
    return events.map((e) => (this.isOld(e) ? this.upcastOne(e) : e));
  }

  private isOld(event: RecordedEvent): boolean {
    const current = this.current.get(event.type);
    return current !== undefined && (event.metadata.schemaVersion ?? EVENT_SCHEMA_VERSION) < current;
  }

  private upcastOne<E extends RecordedEvent>(event: E): E {
    const steps = this.steps.get(event.type)!;
    const current = this.currentVersion(event.type);
    let data = event.data;
    for (let version = event.metadata.schemaVersion ?? EVENT_SCHEMA_VERSION; version < current; version++) data = steps.get(version)!.upcast(data, event);
    return { ...event, data, metadata: { ...event.metadata, schemaVersion: current } };
  }
}
