import type { CommandMetadata, Decider, DomainEvent } from '../../domain/shared/event';
import { DomainError } from '../../domain/shared/errors';

export const testMeta = (overrides: Partial<CommandMetadata> = {}): CommandMetadata => ({
  now: new Date('2026-11-22T12:00:00.000Z'),
  actorId: 'actor-1',
  actorRoles: ['admin'],
  correlationId: 'corr-1',
  ...overrides,
});

/** given(events).when(command).then(events) / .thenThrows(code): the decider as a specification. */
export const DeciderSpecification = <C, S, E extends DomainEvent>(decider: Decider<C, S, E>) => ({
  given: (events: E[]) => ({
    when: (command: C, meta: CommandMetadata = testMeta()) => {
      const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()), meta);
      return {
        then: (expected: E[]) => expect(run()).toEqual(expected),
        thenNothingHappens: () => expect(run()).toEqual([]),
        thenThrows: (code: DomainError['code']) => {
          let thrown: unknown;
          try {
            run();
          } catch (e) {
            thrown = e;
          }
          expect(thrown).toBeInstanceOf(DomainError);
          expect((thrown as DomainError).code).toBe(code);
        },
      };
    },
  }),
});
