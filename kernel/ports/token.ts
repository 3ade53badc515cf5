/**
 * A DI token that carries the type bound to it: `token<Clock>('Clock')` is a symbol (so inversify's
 * `bind`/`get` take it as before, and plain `Symbol.for` tokens still work beside it), and `resolve`
 * reads the type off the token, so asking a container for the wrong type is a compile error:
 * `const clock: Mailer = resolve(container, TOKENS.Clock)` does not compile.
 */
declare const carried: unique symbol;
export type Token<T> = symbol & { readonly [carried]?: T };

export const token = <T>(name: string): Token<T> => Symbol.for(name) as Token<T>;

/** The type a token carries. */
export type TokenType<K> = K extends Token<infer T> ? T : never;

/** Anything with inversify's `get` (a Container, a ResolutionContext). */
interface Resolver {
  get(serviceIdentifier: symbol): unknown;
}

export const resolve = <T>(container: Resolver, key: Token<T>): T => container.get(key) as T;
