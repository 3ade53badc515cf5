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

/** A stream's revision as a weak ETag (`W/"3"`): a GET sends it, a conditional write takes it back in If-Match. */
export const etag = (revision: number): string => `W/"${revision}"`;

/** An If-Match that is not a revision we sent (W/"n" or "n") is a stale precondition. */
const readIfMatch = (header: string): number => {
  const match = /^(?:W\/)?"(-?\d+)"$/.exec(header.trim());
  if (!match) throw new ApiError('PRECONDITION_FAILED');
  return Number(match[1]);
};

/** `If-Match: W/"3"` -> 3; none -> undefined (the write is then unconditional). */
export const parseIfMatch = (header: string | undefined): number | undefined => {
  if (header === undefined) return undefined;
  return readIfMatch(header);
};

/** For writes that must be conditional: no If-Match is 428 (the client must say which revision it saw). */
export const requireIfMatch = (header: string | undefined): number => {
  if (header === undefined || header.trim() === '') throw new ApiError('PRECONDITION_REQUIRED', [{ field: 'If-Match', code: 'REQUIRED' }]);
  return readIfMatch(header);
};
