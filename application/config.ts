import type { CommandMetadata } from '../domain/shared/event';

/**
 * The base of links made while handling a command: the address the request came by when the HTTP layer set it
 * (this machine's own, without PUBLIC_URL: a colleague on the LAN gets links that work for them), else publicUrl.
 */
export const linkBase = (config: Pick<AppConfig, 'publicUrl'>, meta?: Pick<CommandMetadata, 'origin'>): string => meta?.origin ?? config.publicUrl;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Runtime settings, read from the environment by adapters/config.ts. */
export interface AppConfig {
  readonly mode: 'embedded' | 'distributed';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Test-only (FAULT_POINT, never in production): where the process kills itself (adapters/composition/fault-points.ts). */
  readonly faultPoint?: string;
  /** Base URL of links (mails, the payment's return): PUBLIC_URL, else http://localhost:<port>. See `linkBase`. */
  readonly publicUrl: string;
  /** PUBLIC_URL was given: links never follow the address a request came by. */
  readonly publicUrlGiven: boolean;
  readonly demoSeed: boolean;
  /** Seed the demo catalogue (projects, units, images, UF table) with the demo accounts. */
  readonly demoCatalogue: boolean;
  readonly demoPassword: string;
  /** Secret for CSRF tokens and access tokens; generated once per data dir when not given. */
  readonly secretKey: string;
  readonly session: {
    readonly ttlSeconds: number;
    readonly rememberTtlSeconds: number;
    readonly accessTokenTtlSeconds: number;
    readonly refreshTtlSeconds: number;
    readonly secureCookies: boolean;
  };
  readonly tokens: { readonly verificationTtlHours: number; readonly resetTtlMinutes: number };
  readonly kdf: { readonly N: number; readonly r: number; readonly p: number };
  /** Sign-in (and sign-up) throttling: failures only, per account with a progressive delay, per address with a generous cap. */
  readonly rateLimit: {
    readonly failuresBeforeDelay: number;
    readonly delayBaseSeconds: number;
    readonly maxDelaySeconds: number;
    readonly failuresPerAddress: number;
    readonly windowSeconds: number;
  };
  /** Mail-sending routes: per recipient and per client address, in a window. */
  readonly mailLimit: { readonly perRecipient: number; readonly perClient: number; readonly windowSeconds: number };
  /** Proxies whose X-Forwarded-For is believed (Express `trust proxy` values); false: none, the socket address counts. */
  readonly trustProxy: readonly string[] | false;
  /** SMTP relay; when absent the app starts its own in-process SMTP sink on `smtpSinkPort`. */
  readonly smtp: { readonly host: string; readonly port: number; readonly secure: boolean; readonly user?: string; readonly pass?: string } | null;
  readonly smtpSinkPort: number;
  /**
   * Whether the relay set in the back office may be on this machine (loopback). Off: an admin's SMTP settings
   * reach only other machines (never link-local or metadata addresses, whatever this says). The environment's
   * relay and the in-process sink are the operator's own and always reached.
   */
  readonly smtpAllowLocalRelay?: boolean;
  readonly mailFrom: string;
  readonly readYourWritesTimeoutMs: number;
  /** On SIGTERM, how long requests in flight may take to finish (optional: tests' hand-made configs leave it out). */
  readonly shutdownTimeoutMs?: number;
  readonly bodyLimit: string;
  /** The process's log: its lowest level written, and JSON lines (production) or pino-pretty's text (development). */
  readonly log?: { readonly level: LogLevel; readonly format: 'json' | 'pretty' };
  /** Who may read GET /metrics besides loopback: these addresses, or a request bearing the token. */
  readonly metrics?: { readonly allow?: readonly string[]; readonly token?: string };
  /** OpenTelemetry traces: sent to `endpoint` (OTLP/HTTP) when it is set, nothing loaded otherwise. */
  readonly tracing?: { readonly endpoint?: string; readonly tracesEndpoint?: string; readonly serviceName: string };
  /** Outside production: every 200/201 answer is checked against its route's `response` schema (contract/), a drift answers 500. */
  readonly checkResponses?: boolean;
  /** The project page's map: a tile server URL template ({z}/{x}/{y}, optional {s}) and its attribution (HTML). */
  readonly map: { readonly tileUrl: string; readonly attribution: string };
  /** Unpaid reservation holds expire after `holdMinutes`; the expiry timer looks every `sweepSeconds`. */
  readonly reservations: { readonly holdMinutes: number; readonly sweepSeconds: number };
  /**
   * Unconverted leads idle for `leadDays`, and company registrations never decided started more than
   * `registrationDays` ago, are erased (0: never); the sweep runs every `sweepMinutes`. Officers are
   * reminded of data requests near their due date by a check every `reminderSweepMinutes`.
   */
  readonly retention?: { readonly leadDays: number; readonly sweepMinutes: number; readonly registrationDays?: number; readonly reminderSweepMinutes?: number };
  /**
   * The mail outbox's worker: retries and their first delay (the defaults until the back office changes
   * them), how often it looks at the queue, how long an attempt holds a mail, and the hourly/daily limits.
   */
  readonly mailDelivery?: {
    readonly maxRetries: number;
    readonly retryDelayMs: number;
    readonly pollMs: number;
    readonly leaseMs: number;
    readonly maxPerHour: number;
    readonly maxPerDay: number;
  };
  /** Catalogue files no project references and older than `graceMinutes` are removed every `sweepMinutes` (0: never). */
  readonly fileSweep?: { readonly sweepMinutes: number; readonly graceMinutes: number };
  /** Notifications outside the app: how often the dispatcher looks (0: never), the VAPID contact (mailto: or https:). */
  readonly notifications?: {
    readonly dispatchSeconds: number;
    readonly vapidSubject: string;
    /** The push services Web Push goes to (`*.` for subdomains); unset: the browsers' own (adapters/push/push-services.ts). */
    readonly pushServiceHosts?: readonly string[];
  };
  /** `sandbox`: local pages with the Webpay Plus flow; `webpay`: transbank-sdk (integration environment unless production). */
  readonly payments: {
    readonly gateway: 'sandbox' | 'webpay';
    readonly webpay: { readonly environment: 'integration' | 'production'; readonly commerceCode?: string; readonly apiKey?: string };
  };
  readonly distributed?: DistributedConfig;
}

/** MODE=distributed: the engines, and which parts of the read side this process runs. */
export interface DistributedConfig {
  /** EventStoreDB / KurrentDB; when absent the embedded SQLite event store on `$DATA_DIR/events.sqlite` (one machine). */
  readonly eventStoreUrl?: string;
  readonly kafkaBrokers: string[];
  /** The database is the URL's path, else "vivienda". */
  readonly mongodbUrl: string;
  /** Topics are `<topicPrefix><category>` (default `events.`). */
  readonly topicPrefix: string;
  /** A projector's consumer group is `<groupPrefix>all`, or `<groupPrefix><name>[+<name>...]` for a subset (default prefix `projection.`). */
  readonly groupPrefix: string;
  /** Partitions of the topics the relay or a projector creates. */
  readonly topicPartitions: number;
  /** Checkpoint id of the relay in `_relay_checkpoints` (one relay per event store). */
  readonly relayName: string;
  /** Run the relay in this process (exactly one process per event store should). */
  readonly runRelay: boolean;
  /** Run projectors in this process. */
  readonly runProjectors: boolean;
  /** Which projections this process runs when runProjectors (default: all). */
  readonly projections?: readonly string[];
  /** Categories consumed by a projection that declares none. */
  readonly eventCategories: readonly string[];
  /** How long a dead projector holds its partitions (Kafka's floor: 6000). */
  readonly sessionTimeoutMs: number;
  /** The longest an idle fetch waits for records; stopping a projector waits for that fetch too. */
  readonly fetchWaitMs: number;
}
