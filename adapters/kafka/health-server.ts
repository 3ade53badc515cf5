import http from 'node:http';
import type { Registry } from 'prom-client';
import { errorBody } from '../http/errors';
import { exitForOperator } from '../operator-error';

/**
 * GET /health (and /health/ready) answers 200 while `check` reports healthy, 503 otherwise, with the details as JSON:
 * what the relay and projector containers' health checks and readiness probes call. GET /health/live answers 200
 * while the process does (Kubernetes' liveness: Kafka away restarts nothing). GET /metrics serves `registry` when
 * given: the process's own Prometheus figures (relay failures, consumer lag, process and GC) on this internal port.
 */
export function startHealthServer(port: number, check: () => { healthy: boolean } & Record<string, unknown>, registry?: Registry): http.Server {
  const server = http.createServer((request, response) => {
    if (request.url === '/metrics' && registry) {
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(errorBody('SERVER_ERROR'))),
      );
      return;
    }
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
