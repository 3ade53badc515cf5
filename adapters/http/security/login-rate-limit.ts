import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../errors';

/**
 * Login throttling per address (every attempt counts) and per account (failures count; a success
 * clears them), answered with 429 RATE_LIMIT_EXCEEDED and Retry-After.
 */
export class LoginRateLimit {
  private readonly byAddress: RateLimiterMemory;
  private readonly byAccount: RateLimiterMemory;

  constructor(limits: { loginPerAddress: number; loginPerAccount: number; windowSeconds: number }) {
    this.byAddress = new RateLimiterMemory({ points: limits.loginPerAddress, duration: limits.windowSeconds });
    this.byAccount = new RateLimiterMemory({ points: limits.loginPerAccount, duration: limits.windowSeconds });
  }

  /** Throws a 429 before any password is checked when either budget is spent. */
  async before(address: string, account: string): Promise<void> {
    try {
      await this.byAddress.consume(address);
      const accountState = await this.byAccount.get(account.toLowerCase());
      if (accountState && accountState.remainingPoints <= 0) throw accountState;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw new RateLimited(Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  }

  async failed(account: string): Promise<void> {
    await this.byAccount.penalty(account.toLowerCase(), 1);
  }

  async succeeded(account: string): Promise<void> {
    await this.byAccount.delete(account.toLowerCase());
  }
}

export class RateLimited extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMIT_EXCEEDED');
  }
}
