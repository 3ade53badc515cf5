import { ROLE_COOKIE_MAX_AGE_S } from '../config/constants';
import type { SessionSnapshot } from '../auth/session-types';

/** The spec's browser storage (§3): session storage keys plus a 7-day user_roles cookie. */
export const SESSION_STORAGE_KEYS = {
  user: 'user',
  roles: 'userRoles',
  abilities: 'userAbilities',
  activeRole: 'activeRole',
} as const;

export const ROLE_COOKIE = 'user_roles';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionPersistence {
  save(session: SessionSnapshot): void;
  saveActiveRole(role: string): void;
  readActiveRole(): string | null;
  clear(): void;
}

/** `writeCookie` receives a full cookie string, as `document.cookie = ...` expects. */
export const createSessionPersistence = (storage: KeyValueStorage | null, writeCookie: (cookie: string) => void): SessionPersistence => {
  const safely = (fn: () => void) => {
    try {
      fn();
    } catch {
      // Storage can be full or disabled (private mode); the session still works in memory.
    }
  };
  return {
    save(session) {
      safely(() => {
        storage?.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(session.user));
        storage?.setItem(SESSION_STORAGE_KEYS.roles, JSON.stringify(session.roles.map((r) => r.name)));
        storage?.setItem(SESSION_STORAGE_KEYS.abilities, JSON.stringify(session.abilities));
        storage?.setItem(SESSION_STORAGE_KEYS.activeRole, session.activeRole);
      });
      const roles = encodeURIComponent(session.roles.map((r) => r.name).join(','));
      safely(() => writeCookie(`${ROLE_COOKIE}=${roles}; Max-Age=${ROLE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`));
    },
    saveActiveRole(role) {
      safely(() => storage?.setItem(SESSION_STORAGE_KEYS.activeRole, role));
    },
    readActiveRole() {
      try {
        return storage?.getItem(SESSION_STORAGE_KEYS.activeRole) ?? null;
      } catch {
        return null;
      }
    },
    clear() {
      safely(() => Object.values(SESSION_STORAGE_KEYS).forEach((key) => storage?.removeItem(key)));
      safely(() => writeCookie(`${ROLE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`));
    },
  };
};
