import { z } from 'zod';

/** Ley 21.719: the officer lifts a processing block set by a completed blocking request. */
export const liftProcessingBlockBody = z.strictObject({ reason: z.string().trim().min(3).max(2000) });
export type LiftProcessingBlockBody = z.infer<typeof liftProcessingBlockBody>;

export const liftProcessingBlockResponse = z.object({ id: z.string(), processingBlocked: z.literal(false) });
export type LiftProcessingBlockResponse = z.infer<typeof liftProcessingBlockResponse>;
