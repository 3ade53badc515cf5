/**
 * The shapes every aggregate speaks. Domain events are plain `{ type, data }` objects; the envelope
 * (metadata, stream revision, global position) is added by the application layer when they are stored.
 */
export interface DomainEvent<Type extends string = string, Data = Record<string, unknown>> {
  readonly type: Type;
  readonly data: Data;
}

/**
 * Every type of an aggregate's event union as a list (a projection that reads them all uses it instead of
 * restating them): the record names each type once, so a type added to the union fails to compile until listed.
 */
export const eventTypesOf = <E extends DomainEvent>(types: Readonly<Record<E['type'], true>>): readonly E['type'][] => Object.keys(types) as E['type'][];

/** Who asked, when, and why: supplied by the caller so that domain code never reads a clock. */
export interface CommandMetadata {
  readonly now: Date;
  readonly actorId: string;
  readonly actorRoles: readonly string[];
  readonly correlationId: string;
  readonly causationId?: string;
  /**
   * The address the request reached this server by, when it is one of this machine's own and PUBLIC_URL is
   * not set: links made for this command (mails, the payment's return) point there (application/config.ts
   * `linkBase`). Never recorded in events.
   */
  readonly origin?: string;
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
