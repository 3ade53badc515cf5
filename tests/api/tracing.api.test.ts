import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { ApiClient } from '../support/api-client';
import { serverChildren } from '../support/server-child';
import { signup, tempDir, testEnv } from '../support/test-app';

const ROOT = path.resolve(__dirname, '../..');

/** Starts the platform in a process of its own, answers one request, and writes the modules it loaded to a file. */
const LOADED_MODULES = `
require('reflect-metadata');
const fs = require('node:fs');
const { loadConfig } = require('./adapters/config');
const { startPlatform } = require('./adapters/composition/platform');
(async () => {
  const platform = await startPlatform(loadConfig());
  await platform.ready;
  await fetch(platform.url + '/api/v1/health');
  const loaded = Object.keys(require.cache);
  await platform.stop();
  fs.writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(loaded));
  process.exit(0);
})().catch((error) => { console.error(error); process.exit(1); });
`;

const loadedModules = (env: Record<string, string>): Promise<string[]> =>
  new Promise((resolve, reject) => {
    const file = path.join(env.DATA_DIR, 'loaded-modules.json');
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', LOADED_MODULES], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOADED_MODULES_FILE: file },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(fs.readFileSync(file, 'utf8')) as string[]) : reject(new Error(`exited with ${code}: ${err}`)),
    );
  });

interface CapturedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

/** A local OTLP/HTTP receiver: keeps the spans of every POST to /v1/traces (JSON, as the exporter sends them). */
const otlpReceiver = async () => {
  const spans: CapturedSpan[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const payload = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: CapturedSpan[] }[] }[] };
        for (const r of payload.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const until = async (found: () => boolean) => {
    while (!found()) await new Promise((r) => setTimeout(r, 50));
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, until, close: () => new Promise((r) => server.close(r)) };
};

const sink = new SmtpSink();
const servers = serverChildren();
const dirs: string[] = [];
let smtpPort = 0;
beforeAll(async () => {
  smtpPort = await sink.listen(0);
});
afterAll(async () => {
  servers.kill();
  await sink.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const envWith = (extra: Record<string, string>) => {
  const dir = tempDir('plataforma-trazas');
  dirs.push(dir);
  return testEnv(dir, smtpPort, { DEMO_CATALOGUE: 'off', OTEL_EXPORTER_OTLP_ENDPOINT: '', ...extra });
};

describe('traces (OpenTelemetry), off by default', () => {
  it('loads nothing of OpenTelemetry without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const loaded = await loadedModules(envWith({}));
    expect(loaded.some((file) => file.includes(`${path.sep}express${path.sep}`))).toBe(true); // the list is the server's
    // prom-client reads the no-op API package (@opentelemetry/api) for its exemplars; the SDK, the exporters and the
    // instrumentations are what tracing would load.
    const tracing = loaded.filter((file) => file.includes('@opentelemetry') && !file.includes(`@opentelemetry${path.sep}api${path.sep}`));
    expect(tracing).toEqual([]);
  }, 120_000); // a server started and seeded in a process of its own

  it('sends spans of the request, its append and the projections to the OTLP endpoint when it is set', async () => {
    const receiver = await otlpReceiver();
    try {
      const { url } = await servers.start(envWith({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' }));
      expect((await new ApiClient(url).post('/api/v1/auth/register', signup())).status).toBe(201);
      const named = (name: string) => receiver.spans.filter((s) => s.name === name);
      await receiver.until(() => named('POST /api/v1/auth/register').length > 0 && named('projections.deliver').length > 0);
      const [request] = named('POST /api/v1/auth/register');
      const appends = receiver.spans.filter((s) => s.name === 'eventstore.append' && s.traceId === request.traceId);
      expect(appends.length).toBeGreaterThan(0); // the sign-up's appends belong to the request's trace
      expect(appends.every((s) => s.parentSpanId !== undefined && s.parentSpanId !== '')).toBe(true);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
