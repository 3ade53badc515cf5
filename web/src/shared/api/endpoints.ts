import { fillPath, type Answer, type BodyIn, type Endpoint, type PathParamNames, type PathParams, type QueryIn } from '../../../../contract/endpoint';
import type { ApiPort, ApiRequest, ApiResponse, HttpMethod } from './port';

/**
 * A contract entry (contract/endpoints/) called through the API port: the path, method and shapes are the
 * entry's, so the web writes no path of its own and reads the answer as the contract types it.
 */
type ParamsArg<E extends Endpoint> = [PathParamNames<E['path']>] extends [never] ? unknown : { readonly params: PathParams<E['path']> };
type QueryArg<E extends Endpoint> = [QueryIn<E>] extends [undefined] ? unknown : { readonly query?: QueryIn<E> };
type BodyArg<E extends Endpoint> = [BodyIn<E>] extends [undefined] ? unknown : { readonly body: BodyIn<E> };

/** What a call to the entry `E` carries: its path parameters, query and body, each only where the entry has one. */
export type EndpointArgs<E extends Endpoint> = ParamsArg<E> & QueryArg<E> & BodyArg<E>;

/** How a call goes through the port, beside what the entry declares (see ApiRequest). */
export type CallOptions = Pick<ApiRequest, 'headers' | 'skipSessionRefresh' | 'sessionRequired'>;

export const requestFor = <E extends Endpoint>(endpoint: E, args: EndpointArgs<E>, options: CallOptions = {}): ApiRequest => {
  const { params, query, body } = args as { params?: PathParams<string>; query?: ApiRequest['query']; body?: unknown };
  return {
    method: endpoint.method.toUpperCase() as HttpMethod,
    path: fillPath(endpoint.path, params ?? {}),
    ...(query ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
    ...options,
  };
};

export const callEndpoint = <E extends Endpoint>(api: ApiPort, endpoint: E, args: EndpointArgs<E>, options?: CallOptions): Promise<ApiResponse<Answer<E>>> =>
  api.request<Answer<E>>(requestFor(endpoint, args, options));
