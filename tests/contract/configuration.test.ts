import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../adapters/config';
import { configurationDoc, SETTINGS } from '../../adapters/config-schema';
import { FaultPoint, withFault } from '../../adapters/composition/fault-points';
import type { EventStore } from '../../kernel/ports/event-store';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('configuration as one schema over the environment', () => {
  it('unset and empty variables take their defaults; switches and numbers are typed', () => {
    const config = load({ PORT: '', DEMO_SEED: ' ', SMTP_HOST: 'smtp.example.cl', SMTP_SECURE: 'YES', TRUST_PROXY: 'loopback, 10.0.0.0/8' });
    expect(config).toMatchObject({ port: 3000, demoSeed: true, log: { level: 'info', format: 'json' }, trustProxy: ['loopback', '10.0.0.0/8'] });
    expect(config.smtp).toMatchObject({ host: 'smtp.example.cl', port: 587, secure: true });
    expect(load({ NODE_ENV: 'production' }).demoSeed).toBe(false);
    expect(load({ PUBLIC_URL: 'https://vivienda.example.cl/' })).toMatchObject({ publicUrl: 'https://vivienda.example.cl', session: { secureCookies: true } });
  });

  it('OpenTelemetry is configured through the schema: off unless its endpoint is set', () => {
    expect(load({}).tracing).toEqual({ endpoint: undefined, tracesEndpoint: undefined, serviceName: 'vivienda-colaboradores' });
    expect(load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318', OTEL_SERVICE_NAME: 'vivienda-api' }).tracing).toEqual({
      endpoint: 'http://otel:4318',
      tracesEndpoint: undefined,
      serviceName: 'vivienda-api',
    });
  });

  it('refuses every bad value at once, one line per variable saying what it must be', () => {
    const refusal = () => load({ PORT: '70000', MODE: 'cluster', DEMO_SEED: 'quizás', LOG_LEVEL: 'verbose', PUBLIC_URL: 'vivienda.cl', KDF_SCRYPT_N: '1.5' });
    expect(refusal).toThrow(
      [
        'PORT must be an integer from 0 to 65535, got "70000"',
        'MODE must be embedded or distributed, got "cluster"',
        'PUBLIC_URL must be an http:// or https:// URL, got "vivienda.cl"',
        'DEMO_SEED must be on or off (also true/false, yes/no, 1/0), got "quizás"',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
        'KDF_SCRYPT_N must be an integer from 2 to 1048576, got "1.5"',
      ].join('\n'),
    );
  });

  it("creates secret.key beside another container's process that writes its own draft under the same pid", () => {
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'config-shared-'));
    try {
      // That process (same pid in its own namespace) has created its draft and not written it yet.
      const theirs = path.join(shared, `secret.key.${process.pid}.tmp`);
      fs.writeFileSync(theirs, '');
      const { secretKey } = loadConfig({ DATA_DIR: shared });
      expect(secretKey).toMatch(/^[\w-]{43}$/);
      expect(fs.readFileSync(path.join(shared, 'secret.key'), 'utf8')).toBe(secretKey);
      // Its draft is still there, untouched, for it to link or find secret.key in place.
      expect(fs.readFileSync(theirs, 'utf8')).toBe('');
    } finally {
      fs.rmSync(shared, { recursive: true, force: true });
    }
  });

  it('FAULT_POINT (tests only) names a known point, and is ignored in production', () => {
    expect(load({}).faultPoint).toBeUndefined();
    const store = {} as EventStore;
    expect(withFault(FaultPoint.of(load({})), store)).toBe(store); // unset: the event store is not even wrapped
    expect(load({ FAULT_POINT: 'reservation:held' }).faultPoint).toBe('reservation:held');
    expect(load({ FAULT_POINT: 'reservation:held', NODE_ENV: 'production' }).faultPoint).toBeUndefined();
    expect(() => load({ FAULT_POINT: 'sign-up' })).toThrow('FAULT_POINT must be one of sign-up:claimed, sign-up:registered, reservation:held, got "sign-up"');
  });

  it('docs/configuration.md is written from the schema and lists every variable (npm run config:docs)', () => {
    const doc = fs.readFileSync(path.join(__dirname, '../../docs/configuration.md'), 'utf8');
    expect(doc).toBe(configurationDoc());
    for (const name of Object.keys(SETTINGS)) expect(doc).toContain(`| \`${name}\` |`);
  });
});
