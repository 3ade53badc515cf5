import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** Removing what never existed is 404 and records nothing, whatever the id, however often. */
let app: TestApp;
let buyer: ApiClient;
let head: () => Promise<number>;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  buyer = app.client();
  await buyer.login('usuario@demo.cl');
  const events = app.platform.container.get<EventStore>(TOKENS.EventStore);
  head = () => events.headPosition();
});
afterAll(() => app.stop());

describe.each(['/api/v1/alerts', '/api/v1/favorites'])('DELETE %s/:id', (base) => {
  it.each(['toString', 'constructor', 'hasOwnProperty', 'valueOf', 'no-existe'])('%s: 404 NOT_FOUND, repeated, and no event', async (id) => {
    const before = await head();
    for (let i = 0; i < 3; i++) {
      const res = await buyer.request('DELETE', `${base}/${id}`);
      expect([res.status, res.body.code, res.body.message]).toEqual([404, 'NOT_FOUND', 'El recurso solicitado no existe.']);
      expect(res.headers.get('x-event-position')).toBeNull();
    }
    expect(await head()).toBe(before);
  });
});
