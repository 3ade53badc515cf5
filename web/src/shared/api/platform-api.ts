import { createApi, type BaseQueryFn, type EndpointBuilder } from '@reduxjs/toolkit/query/react';
import type { Answer, Endpoint } from '../../../../contract/endpoint';
import type { ApiErrorBody } from '../../../../contract/errors';
import { ApiError, toApiErrorBody } from './errors';
import { requestFor, type CallOptions, type EndpointArgs } from './endpoints';
import type { ApiPort } from './port';

/** A failed call as RTK Query keeps it: the spec's error object and the HTTP status (plain data, serializable). */
export type QueryError = ApiErrorBody & { readonly status: number };

export interface EndpointCall {
  readonly endpoint: Endpoint;
  readonly args: unknown;
  readonly options?: CallOptions;
}

/** The port the store was given (configureStore's thunk extra argument): CSRF, refresh, read-your-writes and Spanish errors stay the adapter's. */
export interface QueryServices {
  readonly api: ApiPort;
}

const portBaseQuery: BaseQueryFn<EndpointCall, unknown, QueryError> = async ({ endpoint, args, options }, { extra }) => {
  try {
    const answer = await (extra as QueryServices).api.request(requestFor(endpoint, args as EndpointArgs<Endpoint>, options));
    return { data: answer.data };
  } catch (error) {
    return { error: { ...toApiErrorBody(error), status: error instanceof ApiError ? error.status : 0 } };
  }
};

/**
 * The platform's API for reads and plain writes (RTK Query): each feature injects its endpoints, built from the
 * contract's entries with `read` and `write` (below). Each screen that mounts asks again, as it
 * did before the cache (refetchOnMountOrArgChange); nothing is kept once no screen shows it.
 */
export const platformApi = createApi({
  reducerPath: 'platformApi',
  baseQuery: portBaseQuery,
  keepUnusedDataFor: 0,
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

type Build<T extends string> = EndpointBuilder<typeof portBaseQuery, T, 'platformApi'>;
/** A hook's argument for the entry: none where it takes nothing. */
export type QueryArgs<E extends Endpoint> = unknown extends EndpointArgs<E> ? void : EndpointArgs<E>;

/** A read of a contract entry: typed by the entry, cached under `provides` until a write invalidates them. */
export const read = <E extends Endpoint, T extends string>(build: Build<T>, endpoint: E, def: { provides?: readonly T[]; options?: CallOptions } = {}) =>
  build.query<Answer<E>, QueryArgs<E>>({
    query: (args) => ({ endpoint, args: args ?? {}, options: def.options }),
    providesTags: [...(def.provides ?? [])],
  });

/** A plain write of a contract entry: its answer typed by the entry; the reads under `invalidates` are asked again. */
export const write = <E extends Endpoint, T extends string>(build: Build<T>, endpoint: E, def: { invalidates?: readonly T[]; options?: CallOptions } = {}) =>
  build.mutation<Answer<E>, QueryArgs<E>>({
    query: (args) => ({ endpoint, args: args ?? {}, options: def.options }),
    invalidatesTags: [...(def.invalidates ?? [])],
  });

/**
 * A write's answer, or its failure as the ApiError the port throws (status, code, field errors), so a screen
 * handles a refusal the same whether it wrote through a saga, the port or RTK Query.
 */
export const answerOf = <T>(call: { unwrap(): Promise<T> }): Promise<T> =>
  call.unwrap().catch((error: unknown) => {
    throw new ApiError(typeof (error as QueryError).status === 'number' ? (error as QueryError).status : 0, toApiErrorBody(error));
  });
