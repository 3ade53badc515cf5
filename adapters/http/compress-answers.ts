import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Below this, the compressed answer and its headers would cost about what they save (a session check, a CSRF token). */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses what the server writes per request (the API's JSON, the sitemap, the pictures' SVG), brotli when the
 * client takes it, gzip otherwise (the `compression` package; brotli at quality 4, quick enough per request).
 * The built web app is compressed once at build time and says so in its Content-Encoding, which this leaves alone.
 * A server-sent event stream would wait for a full compression block before each event: never compressed.
 */
export const compressAnswers = (): RequestHandler =>
  compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: (req: Request, res: Response) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
