import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../adapters/config';
import { startPlatform, type Platform } from '../../adapters/composition/platform';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { ApiClient } from './api-client';
import { computeCheckDigit } from '../../domain/shared/rut';

export interface TestApp {
  readonly url: string;
  readonly platform: Platform;
  /** The test's own SMTP server: the app delivers to it over real SMTP. */
  readonly mail: SmtpSink;
  readonly dataDir: string;
  client(): ApiClient;
  stop(): Promise<void>;
}

/** Environment for a test instance: a fresh data dir, a cheap KDF, generous login limits. */
export const testEnv = (dataDir: string, smtpPort: number, env: Record<string, string> = {}): Record<string, string> => ({
  DATA_DIR: dataDir,
  PORT: '0',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtpPort),
  KDF_SCRYPT_N: '1024',
  LOGIN_LIMIT_PER_ACCOUNT: '50',
  LOGIN_LIMIT_PER_ADDRESS: '1000',
  DEMO_SEED: 'true',
  PUBLIC_URL: 'http://localhost:3000',
  ...env,
});

export const tempDir = (prefix: string): string => fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));

/** Starts the real platform in this process (real SQLite files, real HTTP, real SMTP). */
export const startTestApp = async (env: Record<string, string> = {}): Promise<TestApp> => {
  const dataDir = tempDir('plataforma-test');
  const mail = new SmtpSink();
  const smtpPort = await mail.listen(0);
  const platform = await startPlatform(loadConfig(testEnv(dataDir, smtpPort, env)), () => undefined);
  return {
    url: platform.url,
    platform,
    mail,
    dataDir,
    client: () => new ApiClient(platform.url),
    async stop() {
      await platform.stop();
      await mail.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** The token inside a verification or reset link of a captured mail. */
export const tokenFromMail = (text: string): string => {
  const match = /token=([^\s&"]+)/.exec(text);
  if (!match) throw new Error(`no token in mail: ${text}`);
  return decodeURIComponent(match[1]);
};

let counter = 0;
/** A valid sign-up body with a unique email and RUT. */
export const signup = (overrides: Record<string, unknown> = {}) => {
  counter++;
  const body = 20_000_000 + ((process.pid * 1000 + counter * 7919) % 5_000_000);
  const rut = `${body}-${checkDigit(String(body))}`;
  return {
    workEmail: `persona${counter}.${process.pid}@empresa.cl`,
    rut,
    name: 'María',
    firstLastName: 'Rojas',
    secondLastName: 'Vidal',
    personalEmail: `maria${counter}@gmail.com`,
    role: 'collaborator',
    countryCode: '+56',
    phone: '9 1234 5678',
    password: 'ClaveSegura1!',
    passwordConfirmation: 'ClaveSegura1!',
    termsAccepted: true,
    ...overrides,
  };
};

const checkDigit = (body: string): string => computeCheckDigit(body);
