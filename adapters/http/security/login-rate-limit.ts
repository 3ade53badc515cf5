import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { accountKey } from '../../../domain/accounts/login-identifier';
import type { AppConfig } from '../../../application/config';
import { ApiError } from '../errors';
import type { LimiterFactory } from './limiter-store';

/** Told of each wrong password and each refusal of the throttle (GET /metrics counts them). */
export interface LoginObserver {
  failed(): void;
  throttled(limit: 'account' | 'address'): void;
}

const UNOBSERVED: LoginObserver = { failed: () => undefined, throttled: () => undefined };

/** A counter large enough never to refuse: we read it and decide ourselves. */
const COUNTER = 1_000_000;

/**
 * Sign-in throttling, answered 429 RATE_LIMIT_EXCEEDED with Retry-After before any password is checked.
 * Only failures count, so an office signing in all day from one NAT address is never stopped:
 * - per account (strict, every spelling of the identifier is one key): after `failuresBeforeDelay`
 *   failures, each further failure makes the account wait 1 s, 2 s, 4 s ... (`delayBaseSeconds` doubling, up to `maxDelaySeconds`)
 *   before the next attempt. A progressive delay rather than a wall, so a guesser gains almost
 *   nothing while the owner, or someone typing the owner's address on purpose, is held up only briefly.
 *   A successful sign-in clears the account's count.
 * - per client address (generous): `failuresPerAddress` failures in the window close sign-in (and sign-up,
 *   whose "already registered" answers are failures too) for that address until the window ends.
 */
export class LoginRateLimit {
  private readonly addressFailures: RateLimiterAbstract;
  private readonly accountFailures: RateLimiterAbstract;
  private readonly accountDelay: RateLimiterAbstract;

  constructor(
    private readonly limits: AppConfig['rateLimit'],
    limiter: LimiterFactory,
    private readonly observer: LoginObserver = UNOBSERVED,
  ) {
    this.addressFailures = limiter('login-fail-address', COUNTER, limits.windowSeconds);
    this.accountFailures = limiter('login-fail-account', COUNTER, limits.windowSeconds);
    this.accountDelay = limiter('login-delay-account', 1, limits.maxDelaySeconds);
  }

  async before(address: string, login: string): Promise<void> {
    await this.beforeAny(address);
    const delay = await this.accountDelay.get(accountKey(login));
    if (delay && delay.consumedPoints > 1) {
      this.observer.throttled('account');
      throw RateLimited.after(delay);
    }
  }

  /** Sign-up: the same per-address budget as sign-in. */
  async beforeAny(address: string): Promise<void> {
    const failures = await this.addressFailures.get(address);
    if (failures && failures.consumedPoints >= this.limits.failuresPerAddress) {
      this.observer.throttled('address');
      throw RateLimited.after(failures);
    }
  }

  async failed(address: string, login: string): Promise<void> {
    this.observer.failed();
    await this.addressFailed(address);
    const key = accountKey(login);
    const { consumedPoints } = await this.accountFailures.penalty(key, 1);
    const over = consumedPoints - this.limits.failuresBeforeDelay;
    if (over >= 0) await this.accountDelay.block(key, Math.min(this.limits.delayBaseSeconds * 2 ** over, this.limits.maxDelaySeconds));
  }

  async addressFailed(address: string): Promise<void> {
    await this.addressFailures.penalty(address, 1);
  }

  async succeeded(login: string): Promise<void> {
    const key = accountKey(login);
    await Promise.all([this.accountFailures.delete(key), this.accountDelay.delete(key)]);
  }
}

export class RateLimited extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMIT_EXCEEDED');
  }

  static after(state: RateLimiterRes): RateLimited {
    return new RateLimited(Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
  }
}

/** rate-limiter-flexible rejects with a RateLimiterRes: turn that into our 429. */
export const asRateLimited = (rejection: unknown): unknown => (rejection instanceof RateLimiterRes ? RateLimited.after(rejection) : rejection);
