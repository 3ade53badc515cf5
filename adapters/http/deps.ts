import type { AccountService } from '../../application/accounts/account-service';
import type { SessionService } from '../../application/accounts/session-service';
import type { RoleService } from '../../application/access/role-service';
import type { AppConfig } from '../../application/config';
import type { Clock, IdGenerator } from '../../application/ports/clock';
import type { ReadStore } from '../../application/ports/read-store';
import type { Csrf } from './security/csrf';
import type { LoginRateLimit } from './security/login-rate-limit';

/** What the HTTP adapter needs from the application, resolved once from the container. */
export interface HttpDeps {
  readonly config: AppConfig;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly accounts: AccountService;
  readonly roles: RoleService;
  readonly sessions: SessionService;
  readonly readStore: ReadStore;
  readonly csrf: Csrf;
  readonly loginLimit: LoginRateLimit;
  /** Waits (bounded) until the read models include `position`; false on timeout. */
  readonly projectionsReached: (position: number, timeoutMs: number) => Promise<boolean>;
  readonly projections: { names(): string[]; rebuild(name: string): Promise<{ position: number }>; position(): number };
  readonly mailbox?: { list(): readonly unknown[] };
}
