import type { z } from 'zod';

/**
 * One endpoint of the API, declared once: its method, path, query, body and JSON answer. The server's route
 * (adapters/http/route.ts) takes these from here and adds who may call it and what it does; the web's API
 * client (web/src/shared/api/endpoints.ts) builds its requests and types from the same entry, so a path or a
 * shape cannot differ between the two. Path parameters are the path's `:name` segments.
 */
export interface Endpoint<
  M extends HttpVerb = HttpVerb,
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  readonly method: M;
  readonly path: P;
  readonly query?: Q;
  readonly body?: B;
  /** The 200/201 JSON answer; absent where the route answers a file, a page or a redirect (its `produces`). */
  readonly response?: R;
}

export type HttpVerb = 'get' | 'post' | 'put' | 'patch' | 'delete';

export const endpoint = <
  const M extends HttpVerb,
  const P extends string,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(
  e: Endpoint<M, P, Q, B, R>,
): Endpoint<M, P, Q, B, R> => e;

/** `'/units/:id/images/:imageId'` -> `'id' | 'imageId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: string };

type Schema<S> = S extends z.ZodType ? S : never;
/** What a caller sends (before the server's defaults and transforms). */
export type QueryIn<E> = E extends Endpoint<HttpVerb, string, infer Q> ? (Q extends z.ZodType ? z.input<Schema<Q>> : undefined) : never;
export type BodyIn<E> = E extends Endpoint<HttpVerb, string, z.ZodType | undefined, infer B> ? (B extends z.ZodType ? z.input<Schema<B>> : undefined) : never;
/** What the server's handler receives (after parsing). */
export type QueryOut<E> = E extends Endpoint<HttpVerb, string, infer Q> ? (Q extends z.ZodType ? z.output<Schema<Q>> : undefined) : never;
export type BodyOut<E> = E extends Endpoint<HttpVerb, string, z.ZodType | undefined, infer B> ? (B extends z.ZodType ? z.output<Schema<B>> : undefined) : never;
/** The JSON answer as the caller reads it. */
export type Answer<E> =
  E extends Endpoint<HttpVerb, string, z.ZodType | undefined, z.ZodType | undefined, infer R> ? (R extends z.ZodType ? z.output<Schema<R>> : unknown) : never;

/** `fillPath('/units/:id', { id: 'a b' })` -> `'/units/a%20b'`: each parameter encoded, so a value never adds a segment. */
export const fillPath = <P extends string>(path: P, params: PathParams<P>): string =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name] ?? ''));
