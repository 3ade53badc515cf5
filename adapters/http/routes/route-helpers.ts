import type { Request, Response } from 'express';
import { buyerOf, type Buyer } from '../../../application/leads/buyer';
import { ApiError } from '../errors';
import type { AuthContext } from '../route';
import { idParam } from '../../../contract/common';

/** A path id that cannot be one of ours is simply not found. */
export const pathId = (params: Record<string, string>, name = 'id'): string => {
  const parsed = idParam.safeParse(params[name]);
  if (!parsed.success) throw new ApiError('NOT_FOUND');
  return parsed.data;
};

/** The signed-in caller as a buyer (routes that use it are never public). */
export const buyer = (auth: AuthContext | null): Buyer => {
  if (!auth) throw new ApiError('SESSION_EXPIRED');
  return buyerOf(auth.principal);
};

/** Commands tell the client the position to pass as X-Min-Position for read-your-writes. */
export const eventPosition = (res: Response, position: number): void => {
  if (position > 0) res.setHeader('X-Event-Position', String(position));
};

export const sendPdf = (res: Response, filename: string, pdf: Buffer, disposition: 'attachment' | 'inline' = 'attachment'): void => {
  res.status(200).type('application/pdf').setHeader('Content-Disposition', `${disposition}; filename="${filename}"`);
  res.send(pdf);
};

/** The client's address: the socket's, or X-Forwarded-For's only behind a proxy named in TRUST_PROXY (app.ts sets trust proxy). */
export const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
