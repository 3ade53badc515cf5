import http from 'node:http';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from '../support/test-app';

/** The API's JSON travels compressed, by what the client accepts; answers too small to gain stay as they are. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

/** node:http, not fetch: fetch decompresses on its own and hides what travelled. */
const get = (path: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> =>
  new Promise((resolve, reject) => {
    http
      .get(`${app.url}${path}`, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

const CATALOGUE = '/api/v1/projects?sort=featured&limit=12';

it('answers the catalogue brotli-compressed to a browser that accepts br, gzip to one that accepts only gzip, plain otherwise', async () => {
  const plain = await get(CATALOGUE);
  expect(plain.headers['content-encoding']).toBeUndefined();
  const json = JSON.parse(plain.body.toString('utf8'));
  expect(json.items.length).toBeGreaterThan(0);
  expect(plain.body.length).toBeGreaterThan(1024);

  const br = await get(CATALOGUE, 'gzip, deflate, br, zstd');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/Accept-Encoding/i);
  expect(br.headers['cache-control']).toBe('no-store');
  expect(br.body.length).toBeLessThan(plain.body.length / 3);
  expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);

  const gzip = await get(CATALOGUE, 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'))).toEqual(json);

  expect((await get(CATALOGUE, 'identity')).headers['content-encoding']).toBeUndefined();
});

it('leaves an answer under 1 KB as it is (the session check)', async () => {
  const session = await get('/api/v1/auth/session', 'br, gzip');
  expect(session.body.length).toBeLessThan(1024);
  expect(session.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(session.body.toString('utf8'))).toEqual(expect.objectContaining({ valid: false }));
});
