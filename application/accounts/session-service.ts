import { createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AppConfig } from '../config';
import type { Clock } from '../../kernel/ports/clock';
import type { SessionRecord, SessionsKept, SessionStore } from '../../kernel/ports/session-store';
import { sha256 } from './one-time-token';

export interface IssuedSession {
  readonly cookieValue: string;
  readonly record: SessionRecord;
}

export interface IssuedTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresIn: number;
}

export interface AccessClaims {
  readonly sub: string;
  readonly sid: string;
  readonly exp: number;
}

/** The largest amount a session's expiry may lag behind its last activity before slide() writes it. */
const SLIDE_STEP_MS = 60_000;

/**
 * Cookie sessions (server-side, sliding expiry: 15 min, 30 days with remember-me) and token mode
 * (short-lived JWT access token + rotating refresh token whose reuse revokes its family).
 */
export class SessionService {
  private accessKey: KeyObject | undefined;

  constructor(
    private readonly store: SessionStore,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    /** Extra claims for the access token (roles, permissions, abilities), read by the token-mode client. */
    private readonly claimsFor: (userId: string) => Promise<Record<string, unknown>> = async () => ({}),
  ) {}

  ttlFor(remember: boolean): number {
    return remember ? this.config.session.rememberTtlSeconds : this.config.session.ttlSeconds;
  }

  async createCookieSession(userId: string, remember: boolean): Promise<IssuedSession> {
    const cookieValue = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const record: SessionRecord = {
      id: sha256(cookieValue),
      kind: 'cookie',
      userId,
      createdAt: now.toISOString(),
      lastActivityAt: now.toISOString(),
      expiresAt: this.expiry(now, this.ttlFor(remember)),
      remember,
    };
    await this.store.put(record);
    return { cookieValue, record };
  }

  /** The live session behind a cookie, or null when unknown or expired (expired ones are deleted). */
  async findCookieSession(cookieValue: string | undefined): Promise<SessionRecord | null> {
    if (!cookieValue) return null;
    const record = await this.store.get(sha256(cookieValue));
    if (!record || record.kind !== 'cookie') return null;
    if (new Date(record.expiresAt).getTime() <= this.clock.now().getTime()) {
      await this.store.delete(record.id);
      return null;
    }
    return record;
  }

  /**
   * Activity slides the expiry forward (refresh, extend and every authenticated call). The write is lazy:
   * it is skipped while the expiry would move by less than a step (a fifteenth of the TTL, at most one
   * minute), so a busy client does not pay a session write on every request. An idle session therefore
   * expires between TTL − step and TTL after its last activity (14-15 min for the 15-minute session),
   * never later.
   */
  async slide(record: SessionRecord): Promise<SessionRecord | null> {
    const now = this.clock.now();
    const ttl = this.ttlFor(record.remember);
    const expiresAt = this.expiry(now, ttl);
    const step = Math.min(SLIDE_STEP_MS, (ttl * 1000) / 15);
    if (new Date(expiresAt).getTime() - new Date(record.expiresAt).getTime() < step) return record;
    return this.store.touch(record.id, now.toISOString(), expiresAt);
  }

  async destroy(record: SessionRecord): Promise<void> {
    await this.store.delete(record.id);
  }

  /** Every session and token family of the user ends, on every device; but `keep` (the one asking), if given. */
  async destroyAllFor(userId: string, keep?: SessionsKept): Promise<void> {
    await this.store.deleteByUser(userId, keep);
  }

  async issueTokens(userId: string, remember: boolean, familyId: string = randomUUID()): Promise<IssuedTokens> {
    const refreshToken = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const refreshTtl = remember ? this.config.session.rememberTtlSeconds : this.config.session.refreshTtlSeconds;
    const record: SessionRecord = {
      id: sha256(refreshToken),
      kind: 'refresh',
      userId,
      familyId,
      createdAt: now.toISOString(),
      lastActivityAt: now.toISOString(),
      expiresAt: this.expiry(now, refreshTtl),
      remember,
    };
    await this.store.put(record);
    const expiresIn = this.config.session.accessTokenTtlSeconds;
    const claims = { ...(await this.claimsFor(userId)), sub: userId, sid: familyId, exp: Math.floor(now.getTime() / 1000) + expiresIn };
    return { accessToken: this.sign(claims), refreshToken, expiresIn };
  }

  /** Rotates a refresh token. A token presented twice means it leaked: the whole family is revoked. */
  async rotate(refreshToken: string): Promise<IssuedTokens | null> {
    const record = await this.store.get(sha256(refreshToken));
    if (!record || record.kind !== 'refresh' || !record.familyId) return null;
    if (new Date(record.expiresAt).getTime() <= this.clock.now().getTime()) return null;
    if (!(await this.store.markRotated(record.id, this.clock.now().toISOString()))) {
      await this.store.deleteFamily(record.familyId);
      return null;
    }
    return this.issueTokens(record.userId, record.remember, record.familyId);
  }

  /**
   * The claims of an access token that is still honoured: signature and expiry checked, and its refresh
   * family still live in the session store. Logout, a reused refresh token, a password reset and a
   * disabled account delete the family, so its access tokens stop working on the next request, in
   * every instance (the store is shared in distributed mode). Cost: one indexed lookup per request.
   */
  async acceptAccessToken(token: string): Promise<AccessClaims | null> {
    const claims = this.verifyAccessToken(token);
    if (!claims || typeof claims.sid !== 'string') return null;
    return (await this.store.familyIsLive(claims.sid, this.clock.now().toISOString())) ? claims : null;
  }

  /** Signature and expiry only: the HS256 JWT as issued. Requests use acceptAccessToken. */
  verifyAccessToken(token: string): AccessClaims | null {
    try {
      const claims = jwt.verify(token, this.jwtKey(), { algorithms: ['HS256'], clockTimestamp: Math.floor(this.clock.now().getTime() / 1000) });
      return typeof claims === 'object' && typeof claims.sub === 'string' ? (claims as AccessClaims) : null;
    } catch {
      return null;
    }
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.store.deleteFamily(familyId);
  }

  private sign(claims: AccessClaims & Record<string, unknown>): string {
    return jwt.sign(claims, this.jwtKey(), { algorithm: 'HS256' });
  }

  /**
   * The HS256 key as a KeyObject, made once: given a string, jsonwebtoken first tries to read it as a PEM key
   * (createPublicKey / createPrivateKey throwing) on every call, ~0.7 ms of each bearer request against ~0.02.
   */
  private jwtKey(): KeyObject {
    this.accessKey ??= createSecretKey(Buffer.from(`${this.config.secretKey}:access`));
    return this.accessKey;
  }

  private expiry(now: Date, seconds: number): string {
    return new Date(now.getTime() + seconds * 1000).toISOString();
  }
}
