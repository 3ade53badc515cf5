import { Container } from 'inversify';
import type { Clock } from '../../kernel/ports/clock';
import type { Mailer } from '../../kernel/ports/mailer';
import { resolve, token } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';

/** A DI token carries its type: resolving it gives that type, and a mistyped use does not compile (`tsc`). */
describe('typed DI tokens', () => {
  const clock: Clock = { now: () => new Date('2026-01-02T03:04:05Z') };

  it('binds and resolves through the same symbol inversify uses', () => {
    const container = new Container();
    container.bind(TOKENS.Clock).toConstantValue(clock);
    const resolved: Clock = resolve(container, TOKENS.Clock);
    expect(resolved.now().toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(TOKENS.Clock).toBe(Symbol.for('Clock'));
  });

  it('refuses a mistyped resolution at compile time', () => {
    const container = new Container();
    container.bind(TOKENS.Clock).toConstantValue(clock);
    // @ts-expect-error the Clock token does not give a Mailer
    const wrong: Mailer = resolve(container, TOKENS.Clock);
    expect(typeof wrong).toBe('object');
  });

  it('keeps plain Symbol.for tokens usable beside typed ones', () => {
    const legacy = Symbol.for('SomethingOld');
    const typed = token<number>('SomethingNew');
    const container = new Container();
    container.bind(legacy).toConstantValue('old');
    container.bind(typed).toConstantValue(42);
    expect(container.get<string>(legacy)).toBe('old');
    const n: number = resolve(container, typed);
    expect(n).toBe(42);
  });
});
