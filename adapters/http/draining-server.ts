import type { Server, ServerResponse } from 'node:http';

/**
 * Closing an HTTP server the way a SIGTERM asks: no new connection is accepted, requests in flight finish and get
 * their answers (each with `Connection: close`, as do requests that still come over connections already open), idle
 * connections close at once, and what is still running after `timeoutMs` is cut.
 */
export const drainable = (server: Server) => {
  const open = new Set<ServerResponse>();
  let closing = false;
  let drained: (() => void) | undefined;
  // Before the app's own listener: the header must be set before any answer starts.
  server.prependListener('request', (_req, res: ServerResponse) => {
    open.add(res);
    if (closing) res.setHeader('Connection', 'close');
    res.once('close', () => {
      open.delete(res);
      if (open.size === 0) drained?.();
    });
  });
  return {
    /** Resolves once the server is closed; answers how many requests had to be cut. */
    async close(timeoutMs: number): Promise<number> {
      closing = true;
      for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (open.size > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      const cut = open.size;
      server.closeAllConnections();
      await closed;
      return cut;
    },
  };
};
