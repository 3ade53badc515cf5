/**
 * Server-side sessions (cookie mode) and refresh tokens (token mode).
 * Embedded: SQLite table. Distributed: MongoDB collection with a TTL index.
 * Sessions are short-lived credentials, not business facts, so they are state rather than events;
 * sign-ins and sign-outs that matter to auditors are recorded as events by the application.
 */
export interface SessionRecord {
  /** Opaque id: for cookie sessions the SHA-256 of the cookie value; for refresh tokens the SHA-256 of the token. */
  readonly id: string;
  readonly kind: 'cookie' | 'refresh';
  readonly userId: string;
  /** Refresh-token family: a reused (already rotated) token revokes the whole family. */
  readonly familyId?: string;
  readonly createdAt: string;
  readonly lastActivityAt: string;
  readonly expiresAt: string;
  readonly remember: boolean;
  /** Set when a refresh token has been rotated; the record is kept to detect reuse. */
  readonly rotatedAt?: string;
}

/** What `deleteByUser` leaves: a cookie session (by id) and/or a refresh-token family. */
export interface SessionsKept {
  readonly sessionId?: string;
  readonly familyId?: string;
}

/** Whether `record` is one of those `keep` names. */
export const isKept = (record: Pick<SessionRecord, 'id' | 'familyId'>, keep: SessionsKept | undefined): boolean =>
  keep !== undefined && (record.id === keep.sessionId || (record.familyId !== undefined && record.familyId === keep.familyId));

export interface SessionStore {
  put(session: SessionRecord): Promise<void>;
  get(id: string): Promise<SessionRecord | null>;
  /** Moves expiry and last activity forward; returns the updated record or null if gone/expired. */
  touch(id: string, lastActivityAt: string, expiresAt: string): Promise<SessionRecord | null>;
  /** Marks a refresh token as rotated; false if it was already rotated (a replay). Atomic. */
  markRotated(id: string, at: string): Promise<boolean>;
  delete(id: string): Promise<void>;
  /**
   * Every record of the user, but the one session and the one token family `keep` names (the request that
   * changed the password stays signed in; everything else, on every device, ends).
   */
  deleteByUser(userId: string, keep?: SessionsKept): Promise<void>;
  /** Unexpired sessions and refresh tokens of a user at `now` (the person's data export counts them). */
  countByUser(userId: string, now: string): Promise<number>;
  /**
   * After an erasure: make deleted records unrecoverable from the files (embedded: checkpoint and truncate
   * the WAL; deleted bytes are zeroed by secure_delete). Nothing to do where the store keeps no local file.
   */
  purgeDeletedBytes(): Promise<void>;
  deleteFamily(familyId: string): Promise<void>;
  /**
   * Does the family still hold a refresh token unexpired at `now`? Asked on every bearer request, so a
   * logout or a reuse (which delete the family) closes its access tokens at once. One indexed lookup.
   */
  familyIsLive(familyId: string, now: string): Promise<boolean>;
  /** Removes records whose expiry has passed (the Mongo adapter relies on its TTL index too). */
  purgeExpired(now: string): Promise<number>;
  close(): Promise<void>;
}
