import http from 'node:http';
import type { Express } from 'express';

/**
 * The HTTP server for the Express app, its requests and answers born with Express's prototypes.
 *
 * Express gives every request and answer its methods by `Object.setPrototypeOf(req, app.request)` (and `res`,
 * `app.response`), two objects made by `Object.create`. Objects whose prototype is such an object (set per
 * request, or given at birth) survive V8's young-generation collections: with 64 MB semi-spaces each scavenge kept
 * ~14 MB of a trivial GET's garbage, took 35-45 ms and sent it to the old generation (a mark-compact every few
 * seconds). Measured on this machine, a one-route Express app, sequential GETs over one kept-alive connection:
 * 322-441 µs of server CPU a request, against 183 µs once req and res are instances of classes whose prototypes
 * carry the same properties (Node's http alone: 88-115 µs); its scavenges then keep nothing (0.4 ms each).
 *
 * So: classes extending Node's IncomingMessage and ServerResponse, given every property of Express's request
 * and answer prototypes (their chains up to Node's), become `app.request` and `app.response`; the server
 * constructs its requests and answers from them (Node's `IncomingMessage`/`ServerResponse` options), and
 * Express's `setPrototypeOf` finds the prototype already in place and does nothing.
 */
export const createExpressServer = (app: Express): http.Server => {
  class Request extends http.IncomingMessage {}
  class Response extends http.ServerResponse {}
  adopt(Request.prototype, app.request, http.IncomingMessage.prototype);
  adopt(Response.prototype, app.response, http.ServerResponse.prototype);
  app.request = Request.prototype as unknown as Express['request'];
  app.response = Response.prototype as unknown as Express['response'];
  return http.createServer({ IncomingMessage: Request, ServerResponse: Response as typeof http.ServerResponse }, app);
};

/** Defines on `target` every own property of `source`'s prototype chain below `base`, the nearest last (it wins). */
const adopt = (target: object, source: object, base: object): void => {
  const chain: object[] = [];
  for (let o: object | null = source; o !== base; o = Object.getPrototypeOf(o) as object | null) {
    if (o === null) throw new Error("Express's request or answer prototype does not descend from Node's");
    chain.unshift(o);
  }
  for (const o of chain) {
    const { constructor: _constructor, ...descriptors } = Object.getOwnPropertyDescriptors(o);
    Object.defineProperties(target, descriptors);
  }
};
