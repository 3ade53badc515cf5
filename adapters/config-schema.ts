import { z } from 'zod';
import { LOG_LEVELS } from '../application/config';
import { FAULT_POINT_NAMES } from './composition/fault-points';
import { OperatorError } from './operator-error';

/**
 * Every environment variable the platform reads, as one zod schema: its type, range or values, default and meaning.
 * `parseEnvironment` parses the environment with it at start (adapters/config.ts builds the AppConfig from the
 * result) and refuses bad values with one line per variable; `configurationDoc` writes docs/configuration.md from
 * the same entries (`npm run config:docs`; a test keeps the file in step).
 */

type Group = 'Essentials' | 'Accounts and sessions' | 'Mail' | 'Catalogue and reservations' | 'Personal data' | 'Operations' | 'Distributed mode';

interface Setting<T extends z.ZodType = z.ZodType> {
  readonly schema: T;
  readonly group: Group;
  /** The default as the doc shows it (when it is not simply the schema's). */
  readonly shown: string;
  readonly doc: string;
  /** What a value must be, in the refusal's words: "PORT must be <expected>, got ...". */
  readonly expected: string;
}

/** An empty variable counts as unset (a compose file's `FOO:` or `FOO=`). */
const unsetIfEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const int = (fallback: number, min: number, max: number, group: Group, doc: string, shown = String(fallback)) =>
  ({
    schema: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(min).max(max).default(fallback)),
    group,
    shown,
    doc,
    expected: `an integer from ${min} to ${max}`,
  }) satisfies Setting;

const TRUE = ['1', 'true', 'on', 'yes'];
const FALSE = ['0', 'false', 'off', 'no'];
/** A switch; `undefined` when unset, for the switches whose default depends on another setting. */
const flag = <D extends boolean | undefined>(
  fallback: D,
  group: Group,
  doc: string,
  shown = fallback === undefined ? 'see meaning' : fallback ? 'on' : 'off',
) =>
  ({
    schema: z.preprocess(
      (value) => (typeof unsetIfEmpty(value) === 'string' ? (value as string).trim().toLowerCase() : undefined),
      z
        .enum([...TRUE, ...FALSE] as [string, ...string[]])
        .transform((value) => TRUE.includes(value))
        .optional()
        .transform((value) => (value ?? fallback) as D extends boolean ? boolean : boolean | undefined),
    ),
    group,
    shown,
    doc,
    expected: 'on or off (also true/false, yes/no, 1/0)',
  }) satisfies Setting;

const oneOf = <const V extends readonly [string, ...string[]]>(values: V, fallback: V[number], group: Group, doc: string) =>
  ({
    schema: z.preprocess(unsetIfEmpty, z.enum(values).default(fallback as never)),
    group,
    shown: fallback,
    doc,
    expected: values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`,
  }) satisfies Setting;

const text = <D extends string | undefined>(fallback: D, group: Group, doc: string, shown: string = fallback ?? 'unset') =>
  ({
    schema: z.preprocess(unsetIfEmpty, z.string().optional()).transform((value) => (value ?? fallback) as D extends string ? string : string | undefined),
    group,
    shown,
    doc,
    expected: 'a text',
  }) satisfies Setting;

/** A comma-separated list; undefined when unset or empty. */
const list = (group: Group, doc: string, shown = 'unset') =>
  ({
    schema: z.preprocess(unsetIfEmpty, z.string().optional()).transform((raw) => {
      const items = (raw ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      return items.length > 0 ? items : undefined;
    }),
    group,
    shown,
    doc,
    expected: 'a comma-separated list',
  }) satisfies Setting;

const url = (fallback: string | undefined, group: Group, doc: string, shown: string = fallback ?? 'unset') =>
  ({
    schema: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).optional()).transform((value) => value ?? fallback),
    group,
    shown,
    doc,
    expected: 'an http:// or https:// URL',
  }) satisfies Setting;

const HOUR = 3600;

/** The settings, by variable. The README lists only the essentials; docs/configuration.md all of them. */
export const SETTINGS = {
  PORT: int(3000, 0, 65535, 'Essentials', 'HTTP port (web + API); 0 = any free port'),
  HOST: text('127.0.0.1', 'Essentials', 'Interface to bind (`0.0.0.0` in containers)'),
  DATA_DIR: text(
    './data',
    'Essentials',
    'Everything the embedded mode writes: the SQLite files (events, read models, sessions, keys), `secret.key`, `vapid.json` and `files/`',
  ),
  MODE: oneOf(
    ['embedded', 'distributed'],
    'embedded',
    'Essentials',
    '`embedded` (one process, SQLite) or `distributed` (EventStoreDB or a shared SQLite event store + Kafka + MongoDB)',
  ),
  NODE_ENV: text(undefined, 'Essentials', '`production` turns the demo seed off by default and never checks answers against the contract'),
  PUBLIC_URL: url(
    undefined,
    'Essentials',
    "Base of the links inside emails and of the payment return. Unset, a link follows the address the user reached the app by when it is this machine's own; mails sent in the background get `http://localhost:$PORT`: set it when the app is published",
  ),
  SECRET_KEY: text(
    undefined,
    'Essentials',
    'Signs CSRF and access tokens and wraps the per-person keys of the personal data; it must never change for an existing data directory',
    'generated into `$DATA_DIR/secret.key`',
  ),
  DEMO_SEED: flag(undefined, 'Essentials', 'Seed the demo accounts on first start (idempotent)', 'on (off when `NODE_ENV=production`)'),
  DEMO_CATALOGUE: flag(
    true,
    'Essentials',
    'Seed the demo catalogue with the demo accounts: 3 real-estate companies, 30 projects, 600 units, pictures and plans',
  ),
  DEMO_PASSWORD: text('Demo2026!', 'Essentials', 'Password of the demo accounts'),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info', 'Essentials', 'Lowest level logged (docs/operations.md, "Logs")'),
  LOG_FORMAT: oneOf(['json', 'pretty'], 'json', 'Essentials', '`json` lines, or `pretty` text in development (needs the devDependencies)'),

  SESSION_TTL_SECONDS: int(15 * 60, 1, 365 * 24 * HOUR, 'Accounts and sessions', 'Cookie session idle expiry (15 min, spec §9)'),
  REMEMBER_TTL_SECONDS: int(30 * 24 * HOUR, 1, 365 * 24 * HOUR, 'Accounts and sessions', 'Session expiry with "recordarme"'),
  ACCESS_TOKEN_TTL_SECONDS: int(15 * 60, 1, 24 * HOUR, 'Accounts and sessions', 'Token mode: access token lifetime'),
  REFRESH_TTL_SECONDS: int(24 * HOUR, 1, 365 * 24 * HOUR, 'Accounts and sessions', 'Token mode: refresh token lifetime'),
  SECURE_COOKIES: flag(undefined, 'Accounts and sessions', '`Secure` flag on cookies', 'on when `PUBLIC_URL` is https'),
  VERIFICATION_TTL_HOURS: int(48, 1, 24 * 30, 'Accounts and sessions', 'How long an email verification link works'),
  RESET_TTL_MINUTES: int(60, 1, 24 * 60, 'Accounts and sessions', 'How long a password reset link works'),
  KDF_SCRYPT_N: int(2 ** 14, 2, 2 ** 20, 'Accounts and sessions', 'Password KDF cost (scrypt N, a power of two; 16 MiB per hash at the default)'),
  KDF_SCRYPT_R: int(8, 1, 64, 'Accounts and sessions', 'scrypt block size'),
  KDF_SCRYPT_P: int(1, 1, 16, 'Accounts and sessions', 'scrypt parallelism'),
  LOGIN_LIMIT_PER_ACCOUNT: int(5, 1, 10_000, 'Accounts and sessions', 'Sign-in failures per account before the progressive delay'),
  LOGIN_LIMIT_PER_ADDRESS: int(
    100,
    1,
    1_000_000,
    'Accounts and sessions',
    'Sign-in failures (and sign-ups of an existing account) per client address in the window',
  ),
  LOGIN_LIMIT_WINDOW_SECONDS: int(15 * 60, 1, 30 * 24 * HOUR, 'Accounts and sessions', 'How long the failure counts are kept'),
  LOGIN_DELAY_BASE_SECONDS: int(1, 1, HOUR, 'Accounts and sessions', 'Progressive delay per account: doubles from this'),
  LOGIN_DELAY_MAX_SECONDS: int(15 * 60, 1, 24 * HOUR, 'Accounts and sessions', 'Progressive delay per account: up to this'),
  TRUST_PROXY: list('Accounts and sessions', 'Proxies whose `X-Forwarded-For` gives the client address (`loopback`, CIDRs, addresses)', 'unset (trust none)'),
  BODY_LIMIT: text('100kb', 'Operations', 'Largest JSON or form body accepted'),

  SMTP_HOST: text(undefined, 'Mail', 'The SMTP relay the platform starts with; unset = the in-process SMTP capture. The back office changes it afterwards'),
  SMTP_PORT: int(587, 1, 65535, 'Mail', 'Port of `SMTP_HOST`'),
  SMTP_SECURE: flag(false, 'Mail', 'TLS from the first byte (port 465)'),
  SMTP_USER: text(undefined, 'Mail', 'SMTP user'),
  SMTP_PASS: text(undefined, 'Mail', 'SMTP password'),
  SMTP_SINK_PORT: int(2525, 0, 65535, 'Mail', 'Port of the in-process SMTP capture (0 = any free port)'),
  SMTP_ALLOW_LOCAL_RELAY: flag(false, 'Mail', 'Whether the relay set in the back office may be on this machine (loopback)'),
  MAIL_FROM: text('Vivienda Colaboradores <no-responder@vivienda.local>', 'Mail', "Sender of the platform's mails"),
  MAIL_LIMIT_PER_RECIPIENT: int(3, 1, 1_000_000, 'Mail', 'Mails per recipient from the routes that send mail, in the window (429 beyond)'),
  MAIL_LIMIT_PER_CLIENT: int(20, 1, 1_000_000, 'Mail', 'Mails per client address from those routes, in the window'),
  MAIL_LIMIT_WINDOW_SECONDS: int(HOUR, 1, 30 * 24 * HOUR, 'Mail', 'The window of those two limits'),
  MAIL_MAX_RETRIES: int(5, 0, 100, 'Mail', "First default of the outbox's retries before a mail is marked failed"),
  MAIL_RETRY_DELAY_MS: int(30_000, 0, 24 * HOUR * 1000, 'Mail', 'First delay before a retry, doubled each time'),
  MAIL_POLL_MS: int(1_000, 10, 60 * 60_000, 'Mail', 'How often the delivery worker looks at the outbox'),
  MAIL_LEASE_MS: int(60_000, 1_000, 24 * HOUR * 1000, 'Mail', 'How long an attempt holds a mail before another worker may take it over'),
  MAIL_MAX_PER_HOUR: int(1_000, 1, 10_000_000, 'Mail', 'First default of the delivery limit per hour (past it mails wait)'),
  MAIL_MAX_PER_DAY: int(10_000, 1, 100_000_000, 'Mail', 'First default of the delivery limit per day'),

  MAP_TILE_URL: text(undefined, 'Catalogue and reservations', "Tile server of the project page's map (`{z}/{x}/{y}`, optional `{s}`)", "OpenStreetMap's tiles"),
  MAP_TILE_ATTRIBUTION: text(undefined, 'Catalogue and reservations', 'Attribution shown on the map (HTML)', '© OpenStreetMap'),
  RESERVATION_HOLD_MINUTES: int(15, 1, 24 * 60, 'Catalogue and reservations', 'How long an unpaid reservation holds its unit'),
  RESERVATION_SWEEP_SECONDS: int(15, 1, HOUR, 'Catalogue and reservations', 'How often expired holds are looked for'),
  FILE_SWEEP_MINUTES: int(60, 0, 7 * 24 * 60, 'Catalogue and reservations', 'How often catalogue files no project references are deleted (0 = never)'),
  FILE_SWEEP_GRACE_MINUTES: int(60, 0, 7 * 24 * 60, 'Catalogue and reservations', 'How old such a file must be first'),
  PAYMENT_GATEWAY: oneOf(
    ['sandbox', 'webpay'],
    'sandbox',
    'Catalogue and reservations',
    '`sandbox` (the Webpay Plus flow on local pages) or `webpay` (Transbank)',
  ),
  WEBPAY_ENVIRONMENT: oneOf(['integration', 'production'], 'integration', 'Catalogue and reservations', 'Transbank environment for `PAYMENT_GATEWAY=webpay`'),
  WEBPAY_COMMERCE_CODE: text(undefined, 'Catalogue and reservations', 'Transbank commerce code', 'integration default'),
  WEBPAY_API_KEY: text(undefined, 'Catalogue and reservations', 'Transbank API key', 'integration default'),
  NOTIFICATION_DISPATCH_SECONDS: int(30, 0, 24 * HOUR, 'Catalogue and reservations', 'How often notifications go out by Web Push, SMS and mail (0 = never)'),
  VAPID_SUBJECT: text('mailto:no-responder@vivienda.local', 'Catalogue and reservations', 'Contact the push services see in the VAPID token'),
  PUSH_SERVICE_HOSTS: list('Catalogue and reservations', 'Push services a browser subscription may point at', "the browsers' own services"),

  LEAD_RETENTION_DAYS: int(730, 0, 36_500, 'Personal data', 'Unconverted leads idle this many days are erased (0 = never)'),
  LEAD_RETENTION_SWEEP_MINUTES: int(360, 1, 7 * 24 * 60, 'Personal data', 'How often the retention jobs run'),
  REGISTRATION_RETENTION_DAYS: int(180, 0, 36_500, 'Personal data', 'Company registrations left undecided this many days are erased (0 = never)'),
  DATA_REQUEST_REMINDER_SWEEP_MINUTES: int(60, 1, 7 * 24 * 60, 'Personal data', 'How often open data requests are checked against their legal due date'),

  READ_YOUR_WRITES_TIMEOUT_MS: int(3000, 0, 120_000, 'Operations', 'How long a query waits for its `X-Min-Position`'),
  SHUTDOWN_TIMEOUT_MS: int(
    20_000,
    0,
    600_000,
    'Operations',
    "On SIGTERM, how long requests in flight may take to finish before their connections are cut (keep it under Kubernetes' terminationGracePeriodSeconds, 30 s by default)",
  ),
  METRICS_ALLOW: list(
    'Operations',
    "Addresses besides loopback that may read `GET /metrics` (the connection's own address, never `X-Forwarded-For`)",
    'loopback only',
  ),
  METRICS_TOKEN: text(undefined, 'Operations', 'A token that opens `GET /metrics` from anywhere (`Authorization: Bearer <token>`)'),
  OTEL_EXPORTER_OTLP_ENDPOINT: text(
    undefined,
    'Operations',
    'OpenTelemetry collector: traces go over OTLP/HTTP to `<url>/v1/traces`; unset = no tracing (nothing of OpenTelemetry is loaded)',
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: text(undefined, 'Operations', 'The full traces URL, where it is not `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`'),
  OTEL_SERVICE_NAME: text('vivienda-colaboradores', 'Operations', 'The service name on every span'),
  CHECK_RESPONSES: flag(false, 'Operations', 'Check every answer against its contract (tests; never in production)'),
  FAULT_POINT: {
    schema: z.preprocess(unsetIfEmpty, z.enum(FAULT_POINT_NAMES).optional()),
    group: 'Operations',
    shown: 'unset',
    doc: 'Tests only (tests/durability): the process kills itself (SIGKILL) right after the step named, as a crash there would, so a test sees what the next start makes of it. Ignored when `NODE_ENV=production`',
    expected: `one of ${FAULT_POINT_NAMES.join(', ')}`,
  } satisfies Setting,

  EVENTSTORE_URL: text(
    undefined,
    'Distributed mode',
    'EventStoreDB/KurrentDB (`esdb://host:2113?tls=false`); unset = the SQLite event store, shared by the processes of one machine',
  ),
  KAFKA_BROKERS: list('Distributed mode', 'Kafka brokers', '127.0.0.1:19092'),
  MONGODB_URL: text('mongodb://127.0.0.1:17017', 'Distributed mode', "MongoDB (the database is the URL's path, default `vivienda`)"),
  RUN_RELAY: flag(true, 'Distributed mode', 'Run the relay inside this API process (exactly one relay per event store)'),
  RUN_PROJECTORS: flag(true, 'Distributed mode', 'Run the projectors inside this API process'),
  PROJECTIONS: list('Distributed mode', 'The projections this process runs', 'all'),
  EVENT_CATEGORIES: list('Distributed mode', 'Stream categories consumed by projections that declare none', 'every domain category'),
  RELAY_NAME: text('relay', 'Distributed mode', "The relay's checkpoint name"),
  KAFKA_TOPIC_PREFIX: text('events.', 'Distributed mode', 'Prefix of the topics, one per stream category'),
  KAFKA_GROUP_PREFIX: text('projection.', 'Distributed mode', "Prefix of the projectors' consumer groups"),
  TOPIC_PARTITIONS: int(3, 1, 1_000, 'Distributed mode', 'Partitions of a topic the relay creates'),
  KAFKA_SESSION_TIMEOUT_MS: int(10_000, 1_000, 300_000, 'Distributed mode', 'Consumer group session timeout'),
  KAFKA_FETCH_WAIT_MS: int(1_000, 0, 60_000, 'Distributed mode', 'Longest wait of a fetch'),
} as const;

export type Settings = { -readonly [K in keyof typeof SETTINGS]: z.output<(typeof SETTINGS)[K]['schema']> };

/** The environment parsed; every bad value refused at once, one line per variable. */
export const parseEnvironment = (env: Record<string, string | undefined>): Settings => {
  const schema = z.object(Object.fromEntries(Object.entries(SETTINGS).map(([name, setting]) => [name, setting.schema])));
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data as Settings;
  const refused = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))].map((name) => {
    const setting = SETTINGS[name as keyof typeof SETTINGS];
    return `${name} must be ${setting.expected}, got "${env[name]}"`;
  });
  throw new OperatorError(refused.join('\n'));
};

const GROUPS: readonly Group[] = [
  'Essentials',
  'Accounts and sessions',
  'Mail',
  'Catalogue and reservations',
  'Personal data',
  'Operations',
  'Distributed mode',
];

/** docs/configuration.md: every variable, grouped, from SETTINGS. */
export const configurationDoc = (): string => {
  const cell = (value: string) => value.replace(/\|/g, '\\|');
  const sections = GROUPS.map((group) => {
    const rows = Object.entries(SETTINGS)
      .filter(([, setting]) => setting.group === group)
      .map(([name, setting]) => `| \`${name}\` | ${cell(setting.shown)} | ${cell(setting.expected)} | ${cell(setting.doc)} |`);
    return [`## ${group}`, '', '| Variable | Default | Values | Meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
  });
  return [
    '# Configuration',
    '',
    'Every setting is an environment variable, parsed at start by one zod schema (`adapters/config-schema.ts`): a',
    'value of the wrong type or out of range stops the start with one line per variable, e.g.',
    '`PORT must be an integer from 0 to 65535, got "http"`. An empty variable counts as unset. This file is written',
    'from the schema by `npm run config:docs` (a test fails when it is out of date).',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
};
