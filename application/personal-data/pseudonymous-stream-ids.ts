import { createHmac, hkdfSync } from 'node:crypto';

const STREAM_ID_INFO = 'vivienda/personal-data/stream-ids/v1';
/** Marks a pseudonymised id, so it can never be taken for a clear value. */
const HASHED = 'h.';

/**
 * Some streams are named after a personal value: the identity claims `emailclaim-<email>` and
 * `rutclaim-<rut>`, which make emails and RUTs unique. In the store their ids become
 * `<category>-h.<HMAC-SHA256(key, id)>`, with a key derived from the platform secret under a label of its
 * own: the same email always finds its stream, but without the platform secret the id cannot be
 * checked against guesses (a plain hash of a RUT could be, by trying all of them).
 */
export class PseudonymousStreamIds {
  private constructor(
    private readonly key: Buffer,
    private readonly categories: ReadonlySet<string>,
  ) {}

  static fromPlatformSecret(secret: string, categories: readonly string[]): PseudonymousStreamIds {
    if (!secret) throw new Error('The platform secret is empty: stream ids cannot be pseudonymised');
    return new PseudonymousStreamIds(Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), STREAM_ID_INFO, 32)), new Set(categories));
  }

  /**
   * Whether an id read from the store is already pseudonymous (the one-off rewrite must not hash it twice).
   * No clear value looks like one: an email has an "@", a RUT no "h.", and the HMAC is 43 base64url characters.
   */
  isPseudonymous(streamId: string): boolean {
    const dash = streamId.indexOf('-');
    return dash > 0 && this.categories.has(streamId.slice(0, dash)) && /^h\.[A-Za-z0-9_-]{43}$/.test(streamId.slice(dash + 1));
  }

  /** The id under which the stream is stored; ids of other categories are kept as they are. */
  stored(streamId: string): string {
    const dash = streamId.indexOf('-');
    const category = dash > 0 ? streamId.slice(0, dash) : streamId;
    if (!this.categories.has(category)) return streamId;
    return `${category}-${this.pseudonym(streamId)}`;
  }

  /** `h.` and the keyed hash of a value: equal values stay equal, nothing else of them is kept. */
  pseudonym(value: string): string {
    return `${HASHED}${createHmac('sha256', this.key).update(value, 'utf8').digest('base64url')}`;
  }
}
