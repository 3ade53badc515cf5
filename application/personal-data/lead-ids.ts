import { createHmac, hash, hkdfSync } from 'node:crypto';

const LEAD_ID_INFO = 'vivienda/personal-data/lead-ids/v1';

const normalised = (email: string) => email.trim().toLowerCase();

/**
 * One lead per person, named after their email without a lookup, so every channel adds to the same lead.
 * The id is a keyed HMAC-SHA256 of the normalised email (key derived from the platform secret under a
 * label of its own), 32 hex characters: the same email always gives the same id, but without the platform
 * secret nobody can recover the email by hashing guesses (the old unkeyed SHA-256 allowed that).
 */
export class LeadIds {
  private constructor(private readonly key: Buffer) {}

  static fromPlatformSecret(secret: string): LeadIds {
    if (!secret) throw new Error('The platform secret is empty: lead ids cannot be keyed');
    return new LeadIds(Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), LEAD_ID_INFO, 32)));
  }

  idFor(email: string): string {
    return createHmac('sha256', this.key).update(normalised(email), 'utf8').digest('hex').slice(0, 32);
  }
}

/**
 * The id leads had before (an unkeyed hash of the email): still looked up, so a lead captured before the
 * change keeps growing, until the one-off rewrite (`npm run personal-data:encrypt`) moves it to its keyed id.
 */
export const legacyLeadIdFor = (email: string): string => hash('sha256', normalised(email), 'hex').slice(0, 32);
