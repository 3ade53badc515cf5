import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Data keys are stored wrapped (AES-256-GCM) with the platform key, so a copy of keys.sqlite or of the
 * MongoDB collection alone reveals nothing. The platform key is derived with HKDF from the platform secret
 * (SECRET_KEY, else `$DATA_DIR/secret.key`, adapters/config.ts) under a label of its own, so it never
 * equals the key that signs CSRF and access tokens.
 */
const WRAPPING_INFO = 'vivienda/personal-data/data-key-wrapping/v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const DATA_KEY_BYTES = 32;

export class DataKeyWrapping {
  private constructor(private readonly platformKey: Buffer) {}

  static fromPlatformSecret(secret: string): DataKeyWrapping {
    if (!secret) throw new Error('The platform secret is empty: data keys cannot be wrapped');
    return new DataKeyWrapping(Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), WRAPPING_INFO, DATA_KEY_BYTES)));
  }

  /** A fresh random data key. */
  static newDataKey(): Buffer {
    return randomBytes(DATA_KEY_BYTES);
  }

  /** iv | ciphertext | tag; the subject id is the AAD, so a wrapped key moved to another subject fails to unwrap. */
  wrap(subjectId: string, dataKey: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.platformKey, iv);
    cipher.setAAD(Buffer.from(subjectId, 'utf8'));
    const sealed = Buffer.concat([cipher.update(dataKey), cipher.final()]);
    return Buffer.concat([iv, sealed, cipher.getAuthTag()]);
  }

  /** Throws when the wrapped key was made with another platform key or for another subject. */
  unwrap(subjectId: string, wrapped: Buffer): Buffer {
    const iv = wrapped.subarray(0, IV_BYTES);
    const tag = wrapped.subarray(wrapped.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.platformKey, iv);
    decipher.setAAD(Buffer.from(subjectId, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES, wrapped.length - TAG_BYTES)), decipher.final()]);
  }
}
