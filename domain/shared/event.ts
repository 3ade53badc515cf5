/**
 * The shapes every aggregate speaks. Domain events are plain `{ type, data }` objects; the envelope
 * (metadata, stream revision, global position) is added by the application layer when they are stored.
 */
export interface DomainEvent<Type extends string = string, Data = Record<string, unknown>> {
  readonly type: Type;
  readonly data: Data;
}

/** Who asked, when, and why: supplied by the caller so that domain code never reads a clock. */
export interface CommandMetadata {
  readonly now: Date;
  readonly actorId: string;
  readonly actorRoles: readonly string[];
  readonly correlationId: string;
  readonly causationId?: string;
}

/**
 * An aggregate as a decider: pure functions only. `decide` throws a DomainError on a business-rule
 * violation and returns the events that record the decision otherwise.
 */
export interface Decider<Command, State, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State, meta: CommandMetadata): Event[];
}
