import { z } from 'zod';

/** The migration dashboard (spec §2): read models, their positions and lag, blue-green rebuilds. */
export const projectionStatus = z.object({
  name: z.string(),
  position: z.number().int(),
  lag: z.number().int(),
  updatedAt: z.string().nullable(),
  rebuilding: z.object({ startedAt: z.string() }).nullable(),
  lastRebuild: z
    .union([z.object({ finishedAt: z.string(), position: z.number().int(), ms: z.number() }), z.object({ failedAt: z.string(), error: z.string() })])
    .nullable(),
});
export type ProjectionStatus = z.infer<typeof projectionStatus>;

export const projectionsStatusResponse = z.object({ head: z.number().int(), items: z.array(projectionStatus) });
export type ProjectionsStatus = z.infer<typeof projectionsStatusResponse>;

export const rebuildStartedResponse = z.object({ name: z.string(), started: z.literal(true) });

/** GET /health/live: the process answers (no dependency asked). */
export const livenessResponse = z.object({ status: z.literal('alive') });
/**
 * GET /health/ready (and GET /health): ready once the read models caught up with the event store as it was at start,
 * while the stores answer and no shutdown is under way (503 with 'starting', 'unavailable' or 'stopping' otherwise).
 */
export const healthResponse = z.object({
  status: z.enum(['ready', 'starting', 'unavailable', 'stopping']),
  mode: z.string(),
  readPosition: z.number().int(),
  /** Present while the data directory takes no writes: why (the API answers writes 503 STORAGE_UNAVAILABLE meanwhile). */
  storage: z.enum(['full', 'read-only', 'unavailable']).optional(),
  /** Present while a store does not answer within 2 s: which (embedded, the SQLite files; distributed, EventStoreDB and MongoDB). */
  unreachable: z.array(z.enum(['event-store', 'read-store'])).optional(),
});
/** GET /admin/projections: the projections' names and the read side's position. */
export const projectionNamesResponse = z.object({ items: z.array(z.string()), position: z.number().int() });
/** POST /admin/projections/:name/rebuild: rebuilt and switched, at this position. */
export const rebuiltResponse = z.object({ position: z.number().int() });
