import { z } from 'zod';
import { idParam } from './common';

export const reserveBody = z.strictObject({ unitId: idParam });

/** What Webpay sends back: token_ws, or TBK_TOKEN with order and session (aborted), or only order and session (timeout). */
export const gatewayReturn = z.strictObject({
  token_ws: z.string().min(1).max(100).optional(),
  TBK_TOKEN: z.string().min(1).max(100).optional(),
  TBK_ORDEN_COMPRA: z.string().min(1).max(26).optional(),
  TBK_ID_SESION: z.string().min(1).max(61).optional(),
});

export const sandboxPayBody = z.strictObject({ token_ws: z.string().min(1).max(100) });
export const sandboxDecideBody = z.strictObject({ token_ws: z.string().min(1).max(100), decision: z.enum(['approve', 'reject', 'abort']) });
