import { token } from '../../kernel/ports/token';
import type { AccountService } from './account-service';
import type { DeferredWork } from './deferred-work';
import type { SessionService } from './session-service';

/** The accounts module's DI tokens (bound in adapters/composition/accounts.bindings.ts). */
export const ACCOUNTS = {
  Accounts: token<AccountService>('AccountService'),
  Sessions: token<SessionService>('SessionService'),
  /** Account work done after the answer (deferred-work.ts). */
  Deferred: token<DeferredWork>('DeferredWork'),
} as const;
