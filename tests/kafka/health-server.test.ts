import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Counter, Registry } from 'prom-client';
import { startHealthServer } from '../../adapters/kafka/health-server';

/** The relay and projector processes' health port: readiness follows their check, liveness only the process. */
it('answers readiness from the check (under /health and /health/ready) and liveness whatever the check says', async () => {
  let healthy = false;
  const server = startHealthServer(0, () => ({ healthy, relay: { position: 7 } }));
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string) => {
    const res = await fetch(`${url}${path}`);
    return [res.status, await res.json()];
  };
  try {
    expect(await get('/health/live')).toEqual([200, { status: 'alive' }]);
    expect(await get('/health/ready')).toEqual([503, { healthy: false, relay: { position: 7 } }]);
    healthy = true;
    expect(await get('/health')).toEqual([200, { healthy: true, relay: { position: 7 } }]);
    expect(await get('/health/ready')).toEqual([200, { healthy: true, relay: { position: 7 } }]);
    expect((await get('/metrics'))[0]).toBe(404); // no figures asked for
  } finally {
    server.close();
  }
});

it("serves the process's Prometheus figures on /metrics when given them", async () => {
  const registry = new Registry();
  new Counter({ name: 'relay_failures_total', help: 'Batches the relay failed to publish', registers: [registry] }).inc(2);
  const server = startHealthServer(0, () => ({ healthy: true }), registry);
  await once(server, 'listening');
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toMatch(/^relay_failures_total 2$/m);
  } finally {
    server.close();
  }
});
