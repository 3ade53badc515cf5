/**
 * KeyStore port: one data key per data subject (a person), for crypto-shredding (docs/architecture.md,
 * "Personal data"). Personal fields in events are encrypted with their subject's key; deleting the key
 * (shredding) makes every copy of those fields unreadable, in the event store and in its backups alike.
 *
 * Subject ids are pseudonymous (a user id, a lead id), never a RUT or an email. Adapters keep the keys
 * wrapped with the platform key (application/personal-data/data-key-wrapping.ts), never in clear.
 * Embedded: `$DATA_DIR/keys.sqlite`; distributed: MongoDB. Both pass tests/contract/key-store.contract.ts.
 */
export interface KeyStore {
  /**
   * The subject's 256-bit data key, created at random on first use; concurrent first uses get the same key.
   * Throws SubjectErasedError once the subject's key has been shredded: a new key would let personal data
   * of an erased person be written again.
   */
  dataKeyFor(subjectId: string): Promise<Buffer>;
  /** The subject's key, or null when none was ever created or it has been shredded. */
  find(subjectId: string): Promise<Buffer | null>;
  /**
   * Shreds: deletes the subject's key for good and leaves a tombstone (the subject id and the instant),
   * so the subject stays erased. Idempotent; the first erasure's instant is kept.
   */
  shred(subjectId: string, erasedAt: string): Promise<void>;
  /** Whether the subject's key has been shredded. */
  isErased(subjectId: string): Promise<boolean>;
  /** Subjects holding a live key, in no particular order (a re-encryption migration walks them). */
  listSubjects(): Promise<string[]>;
  close(): Promise<void>;
}

/** Personal data of an erased subject cannot be encrypted again: the caller stores the shredded marker instead. */
export class SubjectErasedError extends Error {
  constructor(readonly subjectId: string) {
    super(`Subject ${subjectId} has been erased`);
    this.name = 'SubjectErasedError';
  }
}
