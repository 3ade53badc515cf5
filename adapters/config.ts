import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../application/config';
import { parseEnvironment } from './config-schema';

type Env = Record<string, string | undefined>;

/**
 * Every stream category of the domain (`<category>-<id>`, docs/architecture.md): what a projection that
 * declares no `categories` consumes in distributed mode. The identity claims (`emailclaim`, `rutclaim`) feed only the
 * sign-up claims read model, whose projection names them.
 */
const DEFAULT_EVENT_CATEGORIES = [
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
  'staffnotice',
  'personaldata',
  'mail',
  'email',
  'pageviews',
];

/** The secret signing CSRF and access tokens: from SECRET_KEY, else created once per data dir. */
const secretFor = (given: string | undefined, dataDir: string): string => {
  if (given) return given;
  const file = path.join(dataDir, 'secret.key');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written aside and linked into place: two processes sharing DATA_DIR (distributed mode on one machine, or
    // docker compose's roles on one volume) may start together; link() fails for the later one, and both then read
    // the same, complete key. The draft's name is random, not the pid alone: each container numbers its processes
    // from 1, so the roles' servers often have the same pid and would write and delete each other's draft.
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
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

/** OpenStreetMap's own tiles (fine for light use; a busy site points MAP_TILE_URL at its own tile server). */
const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_MAP_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** DATA_DIR, absolute (./data when unset). */
export const dataDirOf = (env: Env = process.env): string => path.resolve(env.DATA_DIR ?? './data');

/** Every setting from its environment variable (adapters/config-schema.ts parses and documents them). */
export const loadConfig = (env: Env = process.env): AppConfig => {
  const v = parseEnvironment(env);
  const port = v.PORT;
  const dataDir = path.resolve(v.DATA_DIR);
  const mode = v.MODE;
  // Without PUBLIC_URL, a link made while answering a request follows the address the request came by (when it
  // is one of this machine's: adapters/http/request-origin.ts, via the command's metadata); elsewhere localhost.
  const publicUrl = (v.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const production = v.NODE_ENV === 'production';
  const demoSeed = v.DEMO_SEED ?? !production;
  return {
    mode,
    port,
    host: v.HOST,
    dataDir,
    // Test-only: never in production, whatever the environment says.
    faultPoint: production ? undefined : v.FAULT_POINT,
    publicUrl,
    publicUrlGiven: Boolean(v.PUBLIC_URL),
    demoSeed,
    demoCatalogue: demoSeed && v.DEMO_CATALOGUE,
    demoPassword: v.DEMO_PASSWORD,
    secretKey: secretFor(v.SECRET_KEY, dataDir),
    session: {
      ttlSeconds: v.SESSION_TTL_SECONDS,
      rememberTtlSeconds: v.REMEMBER_TTL_SECONDS,
      accessTokenTtlSeconds: v.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlSeconds: v.REFRESH_TTL_SECONDS,
      secureCookies: v.SECURE_COOKIES ?? publicUrl.startsWith('https://'),
    },
    tokens: { verificationTtlHours: v.VERIFICATION_TTL_HOURS, resetTtlMinutes: v.RESET_TTL_MINUTES },
    kdf: { N: v.KDF_SCRYPT_N, r: v.KDF_SCRYPT_R, p: v.KDF_SCRYPT_P },
    rateLimit: {
      failuresBeforeDelay: v.LOGIN_LIMIT_PER_ACCOUNT,
      delayBaseSeconds: v.LOGIN_DELAY_BASE_SECONDS,
      maxDelaySeconds: v.LOGIN_DELAY_MAX_SECONDS,
      failuresPerAddress: v.LOGIN_LIMIT_PER_ADDRESS,
      windowSeconds: v.LOGIN_LIMIT_WINDOW_SECONDS,
    },
    mailLimit: { perRecipient: v.MAIL_LIMIT_PER_RECIPIENT, perClient: v.MAIL_LIMIT_PER_CLIENT, windowSeconds: v.MAIL_LIMIT_WINDOW_SECONDS },
    trustProxy: v.TRUST_PROXY ?? false,
    smtp: v.SMTP_HOST ? { host: v.SMTP_HOST, port: v.SMTP_PORT, secure: v.SMTP_SECURE, user: v.SMTP_USER, pass: v.SMTP_PASS } : null,
    smtpSinkPort: v.SMTP_SINK_PORT,
    smtpAllowLocalRelay: v.SMTP_ALLOW_LOCAL_RELAY,
    mailFrom: v.MAIL_FROM,
    readYourWritesTimeoutMs: v.READ_YOUR_WRITES_TIMEOUT_MS,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    bodyLimit: v.BODY_LIMIT,
    log: { level: v.LOG_LEVEL, format: v.LOG_FORMAT },
    metrics: { allow: v.METRICS_ALLOW, token: v.METRICS_TOKEN },
    tracing: { endpoint: v.OTEL_EXPORTER_OTLP_ENDPOINT, tracesEndpoint: v.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, serviceName: v.OTEL_SERVICE_NAME },
    checkResponses: v.CHECK_RESPONSES && !production,
    map: { tileUrl: v.MAP_TILE_URL || DEFAULT_MAP_TILE_URL, attribution: v.MAP_TILE_ATTRIBUTION || DEFAULT_MAP_ATTRIBUTION },
    reservations: { holdMinutes: v.RESERVATION_HOLD_MINUTES, sweepSeconds: v.RESERVATION_SWEEP_SECONDS },
    retention: {
      leadDays: v.LEAD_RETENTION_DAYS,
      sweepMinutes: v.LEAD_RETENTION_SWEEP_MINUTES,
      registrationDays: v.REGISTRATION_RETENTION_DAYS,
      reminderSweepMinutes: v.DATA_REQUEST_REMINDER_SWEEP_MINUTES,
    },
    mailDelivery: {
      maxRetries: v.MAIL_MAX_RETRIES,
      retryDelayMs: v.MAIL_RETRY_DELAY_MS,
      pollMs: v.MAIL_POLL_MS,
      leaseMs: v.MAIL_LEASE_MS,
      maxPerHour: v.MAIL_MAX_PER_HOUR,
      maxPerDay: v.MAIL_MAX_PER_DAY,
    },
    fileSweep: { sweepMinutes: v.FILE_SWEEP_MINUTES, graceMinutes: v.FILE_SWEEP_GRACE_MINUTES },
    notifications: { dispatchSeconds: v.NOTIFICATION_DISPATCH_SECONDS, vapidSubject: v.VAPID_SUBJECT, pushServiceHosts: v.PUSH_SERVICE_HOSTS },
    payments: {
      gateway: v.PAYMENT_GATEWAY,
      webpay: { environment: v.WEBPAY_ENVIRONMENT, commerceCode: v.WEBPAY_COMMERCE_CODE, apiKey: v.WEBPAY_API_KEY },
    },
    distributed:
      mode === 'distributed'
        ? {
            eventStoreUrl: v.EVENTSTORE_URL,
            kafkaBrokers: v.KAFKA_BROKERS ?? ['127.0.0.1:19092'],
            mongodbUrl: v.MONGODB_URL,
            topicPrefix: v.KAFKA_TOPIC_PREFIX,
            groupPrefix: v.KAFKA_GROUP_PREFIX,
            topicPartitions: v.TOPIC_PARTITIONS,
            relayName: v.RELAY_NAME,
            runRelay: v.RUN_RELAY,
            runProjectors: v.RUN_PROJECTORS,
            projections: v.PROJECTIONS,
            eventCategories: v.EVENT_CATEGORIES ?? DEFAULT_EVENT_CATEGORIES,
            sessionTimeoutMs: v.KAFKA_SESSION_TIMEOUT_MS,
            fetchWaitMs: v.KAFKA_FETCH_WAIT_MS,
          }
        : undefined,
  };
};
