import { MESSAGES, SESSION_EXPIRY_REDIRECT_DELAY_MS, SESSION_EXPIRY_THROTTLE_MS } from '../config/constants';
import type { SessionEndReason } from '../auth/session-types';

/**
 * What happens when a session cannot go on (failed refresh, inactivity, token expiry, another tab):
 * local session data cleared, the expiry toast, /login after 1 s; at most once per 10 s (spec §4).
 */
export interface SessionExpiryEffects {
  clearLocalSession(reason: SessionEndReason): void;
  notify(message: string): void;
  redirect(path: string): void;
}

export interface SessionExpiryHandler {
  /** True when handled now, false when throttled. */
  handle(reason: SessionEndReason): boolean;
}

export interface SessionExpiryOptions {
  readonly now?: () => number;
  readonly schedule?: (fn: () => void, ms: number) => unknown;
  readonly throttleMs?: number;
  readonly redirectDelayMs?: number;
}

export const createSessionExpiryHandler = (effects: SessionExpiryEffects, options: SessionExpiryOptions = {}): SessionExpiryHandler => {
  const now = options.now ?? Date.now;
  const schedule = options.schedule ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const throttleMs = options.throttleMs ?? SESSION_EXPIRY_THROTTLE_MS;
  const redirectDelayMs = options.redirectDelayMs ?? SESSION_EXPIRY_REDIRECT_DELAY_MS;
  let lastHandledAt = Number.NEGATIVE_INFINITY;
  return {
    handle(reason) {
      const at = now();
      if (at - lastHandledAt < throttleMs) return false;
      lastHandledAt = at;
      effects.clearLocalSession(reason);
      effects.notify(MESSAGES.sessionExpired);
      schedule(() => effects.redirect('/login'), redirectDelayMs);
      return true;
    },
  };
};
