import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../adapters/config';
import { startPlatform, type Platform, type PlatformOptions } from '../../adapters/composition/platform';
import { logTo } from '../../adapters/logging/logger';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ReadSide } from '../../kernel/projections/read-side';
import { ApiClient } from './api-client';
import { MovableClock } from './application-fakes';
import { distributedEnv, distributedTemplate, distributedTests, keepAsTemplate, releaseDistributed, withOwnResources } from './distributed-env';
import { fromSeededTemplate } from './seeded-template';
import { computeCheckDigit } from '../../domain/shared/rut';

export interface TestApp {
  readonly url: string;
  readonly platform: Platform;
  /** The test's own SMTP server: the app delivers to it over real SMTP. */
  readonly mail: SmtpSink;
  readonly dataDir: string;
  /** The environment the platform was started with (to start more processes of the same app). */
  readonly env: Record<string, string>;
  /** The app's Clock port: real time, moved on by `clock.advance(ms)` where a test would otherwise sleep. */
  readonly clock: MovableClock;
  client(): ApiClient;
  /** A new client signed in as `email` (with the demo accounts' password unless told). */
  signedIn(email: string, password?: string): Promise<ApiClient>;
  /**
   * Resolves once nothing more is on its way: the read models and event handlers are at the store's head, and
   * the handlers appended nothing more in turn (a reservation's lead activity, its notifications).
   */
  settled(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Environment for a test instance: a fresh data dir, a cheap KDF, generous login and mail limits; with
 * TEST_MODE=distributed also MODE=distributed and engine resources of its own (tests/support/distributed-env.ts).
 */
export const testEnv = (dataDir: string, smtpPort: number, env: Record<string, string> = {}): Record<string, string> => ({
  ...(distributedTests() ? distributedEnv() : {}),
  DATA_DIR: dataDir,
  PORT: '0',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtpPort),
  // the tests' own relays (SMTP sinks, closed ports) listen on loopback, as an operator's local relay would
  SMTP_ALLOW_LOCAL_RELAY: 'true',
  KDF_SCRYPT_N: '1024',
  LOGIN_LIMIT_PER_ACCOUNT: '50',
  LOGIN_LIMIT_PER_ADDRESS: '1000',
  MAIL_LIMIT_PER_RECIPIENT: '1000',
  MAIL_LIMIT_PER_CLIENT: '10000',
  DEMO_SEED: 'true',
  PUBLIC_URL: 'http://localhost:3000',
  // every answer is checked against its route's response schema (contract/): a drift fails the test
  CHECK_RESPONSES: 'true',
  // The request log's lines (JSON on stdout) only when asked for, like the platform's other messages.
  LOG_LEVEL: process.env.TEST_LOG ? 'info' : 'silent',
  ...env,
});

export const tempDir = (prefix: string): string => fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));

/**
 * Fills the data directory of `fullEnv` (testEnv) with a copy of the seeded data the same settings left before
 * (tests/support/seeded-template.ts); in distributed mode, of the read models' database too (distributedTemplate).
 * A server started on it as a process of its own (tests/support/server-child.ts) then seeds nothing.
 */
export const seededDataDir = async (fullEnv: Record<string, string>, log: (message: string, error?: unknown) => void = () => undefined): Promise<void> =>
  fromSeededTemplate(
    fullEnv,
    fullEnv.DATA_DIR,
    async (templateDir) => {
      const seedingEnv = distributedTests() ? withOwnResources({ ...fullEnv, DATA_DIR: templateDir }) : { ...fullEnv, DATA_DIR: templateDir };
      const seeding = await startPlatform(loadConfig(seedingEnv), log);
      await caughtUp(seeding);
      await seeding.stop();
      if (distributedTests()) await keepAsTemplate(seedingEnv, templateDir);
    },
    distributedTests() ? distributedTemplate : undefined,
  );

/**
 * Starts the real platform in this process (real SQLite files, real HTTP, real SMTP; in distributed mode
 * real Kafka and MongoDB too), and returns once the read models show the demo seed.
 */
export const startTestApp = async (env: Record<string, string> = {}, options: Pick<PlatformOptions, 'resolve' | 'logger'> = {}): Promise<TestApp> => {
  const dataDir = tempDir('plataforma-test');
  const mail = new SmtpSink();
  const smtpPort = await mail.listen(0);
  const fullEnv = testEnv(dataDir, smtpPort, env);
  const log = process.env.TEST_LOG ? (message: string, error?: unknown) => console.error(`[test app] ${message}`, error ?? '') : () => undefined;
  await seededDataDir(fullEnv, log);
  const clock = new MovableClock();
  // A test that reads the log gives its logger: the platform's own messages go there too.
  const platform = await startPlatform(loadConfig(fullEnv), options.logger ? logTo(options.logger) : log, { clock, ...options });
  await caughtUp(platform);
  return {
    url: platform.url,
    platform,
    mail,
    dataDir,
    env: fullEnv,
    clock,
    client: () => new ApiClient(platform.url),
    async signedIn(email, password) {
      const client = new ApiClient(platform.url);
      await client.login(email, password);
      return client;
    },
    settled: (timeoutMs) => settled(platform, timeoutMs),
    async stop() {
      await platform.stop();
      await mail.close();
      await releaseDistributed(fullEnv);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** Resolves once the platform is ready and its read models show everything in the event store (the seed). */
const caughtUp = async (platform: Platform): Promise<void> => {
  await platform.ready;
  const head = await platform.container.get<EventStore>(TOKENS.EventStore).headPosition();
  if (!(await platform.container.get<ReadSide>(TOKENS.ProjectionRunner).waitFor(head, 60_000))) {
    throw new Error(`the read models did not reach the seed's position ${head} within 60 s`);
  }
};

const settled = async (platform: Platform, timeoutMs = 30_000): Promise<void> => {
  const events = platform.container.get<EventStore>(TOKENS.EventStore);
  const readSide = platform.container.get<ReadSide>(TOKENS.ProjectionRunner);
  for (let position = await events.headPosition(); ;) {
    if (!(await readSide.waitFor(position, timeoutMs))) throw new Error(`the read side did not reach ${position} within ${timeoutMs / 1000} s`);
    const head = await events.headPosition();
    if (head <= position) return;
    position = head;
  }
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

/**
 * Waits until every mail queued so far has left the outbox (delivered, or failed for good): mail goes out after
 * the request that decided it, through the delivery worker, so a test that counts mails waits for this first.
 */
export const outboxDrained = async (app: TestApp, timeoutMs = 15_000): Promise<void> => {
  const events = app.platform.container.get<EventStore>(TOKENS.EventStore);
  const runner = app.platform.container.get<ReadSide>(TOKENS.ProjectionRunner);
  const mails = app.platform.container.get<ReadStore>(TOKENS.ReadStore).collection('outgoing_mails');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await runner.waitFor(await events.headPosition(), timeoutMs);
    await app.platform.mail.worker.pass();
    await runner.waitFor(await events.headPosition(), timeoutMs);
    if ((await mails.countDocuments({ status: { $in: ['queued', 'sending', 'retrying'] } })) === 0) return;
    if (Date.now() > deadline) throw new Error('the mail outbox did not drain');
    await new Promise((r) => setTimeout(r, 50));
  }
};
