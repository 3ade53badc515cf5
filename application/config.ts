/** Runtime settings, read from the environment by adapters/config.ts. */
export interface AppConfig {
  readonly mode: 'embedded' | 'distributed';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Base URL used in links inside emails. */
  readonly publicUrl: string;
  readonly demoSeed: boolean;
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
  readonly rateLimit: { readonly loginPerAccount: number; readonly loginPerAddress: number; readonly windowSeconds: number };
  /** SMTP relay; when absent the app starts its own in-process SMTP sink on `smtpSinkPort`. */
  readonly smtp: { readonly host: string; readonly port: number; readonly secure: boolean; readonly user?: string; readonly pass?: string } | null;
  readonly smtpSinkPort: number;
  readonly mailFrom: string;
  readonly readYourWritesTimeoutMs: number;
  readonly bodyLimit: string;
  readonly distributed?: { readonly eventStoreUrl?: string; readonly kafkaBrokers: string[]; readonly mongodbUrl: string };
}
