import http from 'node:http';
import type { AddressInfo } from 'node:net';
import cookieParser from 'cookie-parser';
import express from 'express';
import { createExpressServer } from '../../adapters/http/express-server';

/** An app that answers what it saw of its request and answer objects, served by createExpressServer. */
const start = async () => {
  const app = express();
  app.use(express.json());
  app.use(cookieParser());
  const seen: { req: object; res: object }[] = [];
  app.post('/echo/:id', (req, res) => {
    seen.push({ req, res });
    res.cookie('flavour', 'manjar', { httpOnly: true });
    res.status(201).json({
      id: req.params.id,
      body: req.body,
      query: req.query,
      header: req.get('x-probe'),
      cookie: req.cookies.visit,
      accepts: req.accepts(['html', 'json']),
      appIsOurs: req.app === app && res.app === app,
      ip: req.ip,
    });
  });
  app.get('/away', (_req, res) => res.redirect(303, '/echo/1'));
  const server = createExpressServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { app, server, seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describe('the Express server: requests and answers born with Express prototypes', () => {
  let running: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(() => new Promise((resolve) => running.server.close(resolve)));

  it("constructs every request and answer from classes whose prototypes are the app's (Express's setPrototypeOf then changes nothing)", async () => {
    await fetch(`${running.url}/echo/7`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const [{ req, res }] = running.seen.slice(-1);
    expect(Object.getPrototypeOf(req)).toBe(running.app.request);
    expect(Object.getPrototypeOf(res)).toBe(running.app.response);
    // Born so, not re-parented: the constructor's own prototype is the object's (with Express alone it is Node's
    // IncomingMessage, two links further up).
    expect((req.constructor as { prototype: object }).prototype).toBe(Object.getPrototypeOf(req));
    expect((res.constructor as { prototype: object }).prototype).toBe(Object.getPrototypeOf(res));
    expect(req).toBeInstanceOf(http.IncomingMessage);
    expect(res).toBeInstanceOf(http.ServerResponse);
  });

  it("keeps Express's request and answer methods: params, body, query, headers, cookies, accepts, status, json, cookie, redirect", async () => {
    const answer = await fetch(`${running.url}/echo/42?comuna=13101`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-probe': 'hola', cookie: 'visit=1', accept: 'application/json' },
      body: JSON.stringify({ unidad: 'B-1204' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('set-cookie')).toBe('flavour=manjar; Path=/; HttpOnly');
    expect(await answer.json()).toEqual({
      id: '42',
      body: { unidad: 'B-1204' },
      query: { comuna: '13101' },
      header: 'hola',
      cookie: '1',
      accepts: 'json',
      appIsOurs: true,
      ip: '127.0.0.1',
    });
    const moved = await fetch(`${running.url}/away`, { redirect: 'manual' });
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe('/echo/1');
  });
});
