import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LOG_LEVELS, type AppConfig, type LogLevel } from '../application/config';
import { OperatorError } from './operator-error';

type Env = Record<string, string | undefined>;

const int = (env: Env, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new OperatorError(`${name} must be a number, got "${raw}"`);
  return value;
};
const bool = (env: Env, name: string, fallback: boolean): boolean => {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'on', 'yes'].includes(raw);
};

const logLevel = (env: Env): LogLevel => {
  const level = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(level)) throw new OperatorError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return level;
};

/** A comma-separated list; undefined when unset or empty. */
const list = (raw: string | undefined): string[] | undefined => {
  const items = (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
};

/**
 * Every stream category of the domain (`<category>-<id>`, docs/architecture.md): what a projection that
 * declares no `categories` consumes in distributed mode. The identity claims (`emailclaim`, `rutclaim`) feed no read model.
 */
export const DEFAULT_EVENT_CATEGORIES = [
  'user',
  'company',
  'collaborator',
  'project',
  'unit',
  'reservation',
  'quote',
  'lead',
  'favorites',
  'financial',
  'campaign',
  'datarequest',
  'site',
  'legal',
  'notification',
  'personaldata',
  'mail',
  'email',
  'pageviews',
];

/** The secret signing CSRF and access tokens: from SECRET_KEY, else created once per data dir. */
const secretFor = (env: Env, dataDir: string): string => {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  const file = path.join(dataDir, 'secret.key');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written aside and linked into place: two processes sharing DATA_DIR (distributed mode on one machine)
    // may start together; link() fails for the later one, and both then read the same, complete key.
    const draft = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
};

/** Every setting with its environment variable; the README's configuration table lists the same. */
/** OpenStreetMap's own tiles (fine for light use; a busy site points MAP_TILE_URL at its own tile server). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** DATA_DIR, absolute (./data when unset). */
export const dataDirOf = (env: Env = process.env): string => path.resolve(env.DATA_DIR ?? './data');

export const loadConfig = (env: Env = process.env): AppConfig => {
  const port = int(env, 'PORT', 3000);
  const dataDir = dataDirOf(env);
  const mode = (env.MODE ?? 'embedded') as AppConfig['mode'];
  if (mode !== 'embedded' && mode !== 'distributed') throw new OperatorError(`MODE must be embedded or distributed, got "${mode}"`);
  // Without PUBLIC_URL, a link made while answering a request follows the address the request came by (when it
  // is one of this machine's: adapters/http/request-origin.ts, via the command's metadata); elsewhere localhost.
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const production = env.NODE_ENV === 'production';
  const demoSeed = bool(env, 'DEMO_SEED', !production);
  const gateway = env.PAYMENT_GATEWAY ?? 'sandbox';
  if (gateway !== 'sandbox' && gateway !== 'webpay') throw new OperatorError(`PAYMENT_GATEWAY must be sandbox or webpay, got "${gateway}"`);
  const webpayEnvironment = env.WEBPAY_ENVIRONMENT ?? 'integration';
  if (webpayEnvironment !== 'integration' && webpayEnvironment !== 'production')
    throw new OperatorError(`WEBPAY_ENVIRONMENT must be integration or production`);
  return {
    mode,
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    publicUrl,
    publicUrlGiven: Boolean(env.PUBLIC_URL),
    demoSeed,
    demoCatalogue: demoSeed && bool(env, 'DEMO_CATALOGUE', true),
    demoPassword: env.DEMO_PASSWORD ?? 'Demo2026!',
    secretKey: secretFor(env, dataDir),
    session: {
      ttlSeconds: int(env, 'SESSION_TTL_SECONDS', 15 * 60),
      rememberTtlSeconds: int(env, 'REMEMBER_TTL_SECONDS', 30 * 24 * 3600),
      accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
      refreshTtlSeconds: int(env, 'REFRESH_TTL_SECONDS', 24 * 3600),
      secureCookies: bool(env, 'SECURE_COOKIES', publicUrl.startsWith('https://')),
    },
    tokens: { verificationTtlHours: int(env, 'VERIFICATION_TTL_HOURS', 48), resetTtlMinutes: int(env, 'RESET_TTL_MINUTES', 60) },
    kdf: { N: int(env, 'KDF_SCRYPT_N', 2 ** 14), r: int(env, 'KDF_SCRYPT_R', 8), p: int(env, 'KDF_SCRYPT_P', 1) },
    rateLimit: {
      failuresBeforeDelay: int(env, 'LOGIN_LIMIT_PER_ACCOUNT', 5),
      delayBaseSeconds: int(env, 'LOGIN_DELAY_BASE_SECONDS', 1),
      maxDelaySeconds: int(env, 'LOGIN_DELAY_MAX_SECONDS', 15 * 60),
      failuresPerAddress: int(env, 'LOGIN_LIMIT_PER_ADDRESS', 100),
      windowSeconds: int(env, 'LOGIN_LIMIT_WINDOW_SECONDS', 15 * 60),
    },
    mailLimit: {
      perRecipient: int(env, 'MAIL_LIMIT_PER_RECIPIENT', 3),
      perClient: int(env, 'MAIL_LIMIT_PER_CLIENT', 20),
      windowSeconds: int(env, 'MAIL_LIMIT_WINDOW_SECONDS', 3600),
    },
    trustProxy: list(env.TRUST_PROXY) ?? false,
    smtp: env.SMTP_HOST
      ? { host: env.SMTP_HOST, port: int(env, 'SMTP_PORT', 587), secure: bool(env, 'SMTP_SECURE', false), user: env.SMTP_USER, pass: env.SMTP_PASS }
      : null,
    smtpSinkPort: int(env, 'SMTP_SINK_PORT', 2525),
    smtpAllowLocalRelay: bool(env, 'SMTP_ALLOW_LOCAL_RELAY', false),
    mailFrom: env.MAIL_FROM ?? 'Vivienda Colaboradores <no-responder@vivienda.local>',
    readYourWritesTimeoutMs: int(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 3000),
    bodyLimit: env.BODY_LIMIT ?? '100kb',
    log: { level: logLevel(env), format: env.LOG_FORMAT === 'pretty' ? 'pretty' : 'json' },
    checkResponses: bool(env, 'CHECK_RESPONSES', false) && env.NODE_ENV !== 'production',
    map: { tileUrl: env.MAP_TILE_URL || DEFAULT_MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION || DEFAULT_MAP_ATTRIBUTION },
    reservations: { holdMinutes: int(env, 'RESERVATION_HOLD_MINUTES', 15), sweepSeconds: int(env, 'RESERVATION_SWEEP_SECONDS', 15) },
    retention: {
      leadDays: int(env, 'LEAD_RETENTION_DAYS', 730),
      sweepMinutes: int(env, 'LEAD_RETENTION_SWEEP_MINUTES', 360),
      registrationDays: int(env, 'REGISTRATION_RETENTION_DAYS', 180),
      reminderSweepMinutes: int(env, 'DATA_REQUEST_REMINDER_SWEEP_MINUTES', 60),
    },
    mailDelivery: {
      maxRetries: int(env, 'MAIL_MAX_RETRIES', 5),
      retryDelayMs: int(env, 'MAIL_RETRY_DELAY_MS', 30_000),
      pollMs: int(env, 'MAIL_POLL_MS', 1_000),
      leaseMs: int(env, 'MAIL_LEASE_MS', 60_000),
      maxPerHour: int(env, 'MAIL_MAX_PER_HOUR', 1_000),
      maxPerDay: int(env, 'MAIL_MAX_PER_DAY', 10_000),
    },
    fileSweep: { sweepMinutes: int(env, 'FILE_SWEEP_MINUTES', 60), graceMinutes: int(env, 'FILE_SWEEP_GRACE_MINUTES', 60) },
    notifications: {
      dispatchSeconds: int(env, 'NOTIFICATION_DISPATCH_SECONDS', 30),
      vapidSubject: env.VAPID_SUBJECT ?? 'mailto:no-responder@vivienda.local',
      pushServiceHosts: list(env.PUSH_SERVICE_HOSTS),
    },
    payments: { gateway, webpay: { environment: webpayEnvironment, commerceCode: env.WEBPAY_COMMERCE_CODE, apiKey: env.WEBPAY_API_KEY } },
    distributed:
      mode === 'distributed'
        ? {
            eventStoreUrl: env.EVENTSTORE_URL || undefined,
            kafkaBrokers: list(env.KAFKA_BROKERS) ?? ['127.0.0.1:19092'],
            mongodbUrl: env.MONGODB_URL ?? 'mongodb://127.0.0.1:17017',
            topicPrefix: env.KAFKA_TOPIC_PREFIX ?? 'events.',
            groupPrefix: env.KAFKA_GROUP_PREFIX ?? 'projection.',
            topicPartitions: int(env, 'TOPIC_PARTITIONS', 3),
            relayName: env.RELAY_NAME ?? 'relay',
            runRelay: bool(env, 'RUN_RELAY', true),
            runProjectors: bool(env, 'RUN_PROJECTORS', true),
            projections: list(env.PROJECTIONS),
            eventCategories: list(env.EVENT_CATEGORIES) ?? DEFAULT_EVENT_CATEGORIES,
            sessionTimeoutMs: int(env, 'KAFKA_SESSION_TIMEOUT_MS', 10_000),
            fetchWaitMs: int(env, 'KAFKA_FETCH_WAIT_MS', 1_000),
          }
        : undefined,
  };
};
