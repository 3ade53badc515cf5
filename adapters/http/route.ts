import type { Request, Response } from 'express';
import type { ZodType } from 'zod';
import type { BodyOut, Endpoint, QueryOut } from '../../contract/endpoint';
import type { Permission } from '../../domain/access/permissions';
import type { CommandMetadata } from '../../domain/shared/event';
import type { Principal } from '../../application/accounts/account-service';
import type { SessionRecord } from '../../kernel/ports/session-store';

export type Access = 'public' | 'authenticated' | Permission;

export interface AuthContext {
  readonly principal: Principal;
  readonly via: 'cookie' | 'bearer';
  readonly session?: SessionRecord;
  readonly tokenFamily?: string;
}

export interface HandlerContext<B, Q> {
  readonly req: Request;
  readonly res: Response;
  readonly body: B;
  readonly query: Q;
  readonly params: Record<string, string>;
  readonly auth: AuthContext | null;
  /** Metadata for commands: actor, roles, correlation id, the request's time. */
  readonly meta: CommandMetadata;
}

/**
 * One route per endpoint: the contract's entry (method, path, schemas: contract/endpoints/) with the permission it
 * needs, its handler and its documentation. The same list registers the Express routes, generates the OpenAPI
 * document and drives the RBAC test.
 */
export interface RouteDef<B = unknown, Q = unknown> extends ServerSide<B, Q> {
  /** The contract's entry this route serves (tests/architecture/endpoints-contract.test.ts: one route each). */
  readonly endpoint: Endpoint;
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  readonly path: string;
  readonly body?: ZodType<B>;
  readonly query?: ZodType<Q>;
  /** The 200/201 answer's shape, from the shared contract (contract/): the OpenAPI document and the web's types come from it. */
  readonly response?: ZodType;
}

/** What only the server knows of an endpoint: who may call it, what it does, how it is documented. */
export interface ServerSide<B, Q> {
  readonly summary: string;
  readonly tag: string;
  readonly access: Access;
  /**
   * What a route answers instead of JSON: a media type (a PDF, a spreadsheet, a page, a pixel) or 'redirect'
   * (a 302/303 with Location), or the media types it may answer in (a template as CSV or XLSX by `?format`). Every
   * route declares either this or `response` (tests/api/openapi.api.test.ts).
   */
  readonly produces?: string | readonly string[];
  /** Status codes besides the validation/auth ones every route may answer, for the OpenAPI document. */
  readonly responses?: Readonly<Record<number, string>>;
  /** Token-mode endpoints carry no cookies, so no CSRF token is asked of them (a function: decided per request). */
  readonly csrfExempt?: boolean | ((req: Request) => boolean);
  /** Also served without the /api/v1 prefix, where spec §7 names the path so (POST /auth/cookie/logout). */
  readonly unprefixed?: boolean;
  /** Probes (GET /auth/session) must not slide the session's expiry. */
  readonly keepsSessionIdle?: boolean;
  /** Answered before the read models caught up at start (the health check); every other route waits for readiness. */
  readonly servedWhileStarting?: boolean;
  readonly handler: (ctx: HandlerContext<B, Q>) => Promise<unknown>;
}

export const route = <E extends Endpoint>(endpoint: E, def: ServerSide<BodyOut<E>, QueryOut<E>>): RouteDef<BodyOut<E>, QueryOut<E>> => ({
  endpoint,
  method: endpoint.method,
  path: endpoint.path,
  ...(endpoint.body ? { body: endpoint.body as ZodType<BodyOut<E>> } : {}),
  ...(endpoint.query ? { query: endpoint.query as ZodType<QueryOut<E>> } : {}),
  ...(endpoint.response ? { response: endpoint.response } : {}),
  ...def,
});
