import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
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
    expect((await get('/metrics'))[0]).toBe(404);
  } finally {
    server.close();
  }
});
