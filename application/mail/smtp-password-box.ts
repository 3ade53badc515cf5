import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'vivienda/email-settings/smtp-password/v1';

/**
 * The SMTP password is stored sealed (AES-256-GCM) under a key derived with HKDF from the platform secret,
 * so the event log never holds it in clear and no answer ever returns it (spec: stored encrypted).
 */
export class SmtpPasswordBox {
  private readonly key: Buffer;

  constructor(platformSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', platformSecret, Buffer.alloc(0), INFO, 32));
  }

  seal(password: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64');
  }

  open(sealed: string): string {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
  }
}
