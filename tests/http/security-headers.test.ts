import type { AddressInfo } from 'node:net';
import express from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { securityHeaders } from '../../adapters/http/security-headers';

/** The headers one GET answers with, from an app whose only middleware is `middleware`. */
const headersWith = async (middleware: express.RequestHandler): Promise<Record<string, string>> => {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/', (_req, res) => res.json({ ok: true }));
  const server = app.listen(0);
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const all = Object.fromEntries(res.headers);
    for (const varying of ['date', 'connection', 'keep-alive']) delete all[varying];
    return all;
  } finally {
    server.close();
  }
};

describe('security headers worked out once', () => {
  it.each<[string, HelmetOptions]>([
    ['defaults', {}],
    [
      'our options (CSP directives, no HSTS)',
      { contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'], 'upgrade-insecure-requests': null } }, strictTransportSecurity: false },
    ],
  ])('answers with exactly the headers helmet sets, %s', async (_name, options) => {
    const replayed = await headersWith(securityHeaders(options));
    expect(replayed).toEqual(await headersWith(helmet(options)));
    expect(replayed['content-security-policy']).toContain("default-src 'self'");
  });
});
