import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { parseEmail } from '../../../domain/shared/email';
import type { AppConfig } from '../../../application/config';
import { asRateLimited } from './login-rate-limit';
import type { LimiterFactory } from './limiter-store';

/**
 * Every route that sends mail (sign-up, resend verification, forgot password, quote by email) spends one
 * point per recipient and one per client address; either budget spent is 429 RATE_LIMIT_EXCEEDED. The
 * recipient's count is spent whether or not it has an account, so the 429 tells nothing about accounts.
 */
export class MailRateLimit {
  private readonly perRecipient: RateLimiterAbstract;
  private readonly perClient: RateLimiterAbstract;

  constructor(limits: AppConfig['mailLimit'], limiter: LimiterFactory) {
    this.perRecipient = limiter('mail-recipient', limits.perRecipient, limits.windowSeconds);
    this.perClient = limiter('mail-client', limits.perClient, limits.windowSeconds);
  }

  /** Spends one point of each budget, or none when either is spent (a refused request costs nothing). */
  async before(client: string, recipient: string): Promise<void> {
    const to = parseEmail(recipient) ?? recipient.trim().toLowerCase();
    try {
      for (const [limiter, key] of [
        [this.perClient, client],
        [this.perRecipient, to],
      ] as const) {
        const state = await limiter.get(key);
        if (state && state.remainingPoints <= 0) throw state;
      }
      await this.perClient.consume(client);
      await this.perRecipient.consume(to);
    } catch (rejection) {
      throw asRateLimited(rejection);
    }
  }
}
