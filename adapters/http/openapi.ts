import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Adds .openapi() to zod's prototypes, so the request schemas defined elsewhere gain it too.
extendZodWithOpenApi(z);
import type { RouteDef } from './route';

const ErrorObject = z.object({
  code: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  fieldErrors: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })),
  actions: z.array(z.string()),
});

/** OpenAPI 3.1 generated from the same route list and zod schemas that validate requests. */
export const buildOpenApi = (routes: readonly RouteDef<any, any>[], prefix: string) => {
  const registry = new OpenAPIRegistry();
  const errorRef = registry.register('ErrorObject', ErrorObject);
  for (const r of routes) {
    const errors = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } });
    const ok = r.response
      ? { description: 'OK', content: { 'application/json': { schema: r.response as z.ZodType } } }
      : r.produces && r.produces !== 'redirect'
        ? { description: 'OK', content: Object.fromEntries([r.produces].flat().map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) }
        : { description: r.produces === 'redirect' ? 'Redirect (Location)' : 'OK' };
    const responses: Record<string, unknown> = { 200: ok, 400: errors('VALIDATION_FAILED') };
    // What any route may answer: a resource its path names that does not exist (or the caller may not see), and
    // an address or headers longer than the server reads (adapters/http/client-errors.ts).
    if (r.path.includes(':')) responses[404] = errors('NOT_FOUND');
    responses[431] = errors('REQUEST_HEADERS_TOO_LARGE');
    // A page's refusal is a page too (the sandbox payment pages); any other route's is the error object.
    const refusal = (description: string) =>
      r.produces === 'text/html' ? { description, content: { 'text/html': { schema: { type: 'string' } } } } : errors(description);
    for (const [status, description] of Object.entries(r.responses ?? {})) responses[status] = Number(status) < 400 ? { description } : refusal(description);
    if (r.access !== 'public') {
      responses[401] = errors('SESSION_EXPIRED / TOKEN_INVALID');
      if (r.access !== 'authenticated') responses[403] = errors(`FORBIDDEN: needs ${r.access}`);
    }
    if (['post', 'put', 'patch', 'delete'].includes(r.method) && r.csrfExempt !== true) responses[419] = errors('CSRF_TOKEN_INVALID (cookie mode)');
    registry.registerPath({
      method: r.method,
      path: `${prefix}${r.path.replace(/:(\w+)/g, '{$1}')}`,
      summary: r.summary,
      tags: [r.tag],
      description: `Access: ${r.access}`,
      request: {
        ...(r.body ? { body: { content: { 'application/json': { schema: r.body as z.ZodType } } } } : {}),
        ...(r.query ? { query: r.query as unknown as z.ZodObject } : {}),
        ...(r.path.includes(':') ? { params: z.object(Object.fromEntries([...r.path.matchAll(/:(\w+)/g)].map((m) => [m[1], z.string()]))) } : {}),
      },
      responses: responses as never,
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Plataforma de vivienda para colaboradores: API',
      version: '1.0.0',
      description: 'Errors use the error object of spec §3 with the Spanish messages of spec §8.',
    },
    servers: [{ url: '/' }],
  });
};
