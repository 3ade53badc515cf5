import http from 'node:http';
import { errorBody } from '../http/errors';
import { exitForOperator } from '../operator-error';

/**
 * GET /health (and /health/ready) answers 200 while `check` reports healthy, 503 otherwise, with the details as JSON:
 * what the relay and projector containers' health checks and readiness probes call. GET /health/live answers 200
 * while the process does (Kubernetes' liveness: Kafka away restarts nothing).
 */
export function startHealthServer(port: number, check: () => { healthy: boolean } & Record<string, unknown>): http.Server {
  const server = http.createServer((request, response) => {
    if (request.url === '/health/live') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'alive' }));
      return;
    }
    if (request.url !== '/health' && request.url !== '/health/ready') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(errorBody('NOT_FOUND')));
      return;
    }
    const status = check();
    response.writeHead(status.healthy ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(status));
  });
  server.listen(port);
  return server;
}

/** Stops `stop` on SIGTERM/SIGINT (docker stop), then exits. */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => exitForOperator('', error));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
