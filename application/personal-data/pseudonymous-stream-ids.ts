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

  /** The id under which the stream is stored; ids of other categories are kept as they are. */
  stored(streamId: string): string {
    const dash = streamId.indexOf('-');
    const category = dash > 0 ? streamId.slice(0, dash) : streamId;
    if (!this.categories.has(category)) return streamId;
    return `${category}-${HASHED}${createHmac('sha256', this.key).update(streamId, 'utf8').digest('base64url')}`;
  }
}
