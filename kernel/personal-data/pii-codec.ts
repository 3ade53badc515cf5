import { createCipheriv, createDecipheriv, randomFillSync } from 'node:crypto';
import { SubjectErasedError, type KeyStore } from '../ports/key-store';
import { marksOf, valueAt, withValuesAt, type PathSegments, type PersonalDataMark, type PersonalDataSchema } from './personal-data-schema';

/** A mark with its paths split once. */
interface SplitMark {
  readonly subject: string;
  readonly subjectPath: PathSegments;
  readonly fields: readonly { readonly path: string; readonly segments: PathSegments }[];
}
const split = (mark: PersonalDataMark): SplitMark => ({
  subject: mark.subject,
  subjectPath: mark.subject.split('.'),
  fields: mark.fields.map((path) => ({ path, segments: path.split('.') })),
});

/**
 * What an erased person's field reads as. Text fields (names, emails, RUTs, phones) read as this literal,
 * so every screen, mail and export shows it where the name was without knowing about erasure; other
 * values (incomes, objects) read as null. `isShredded` tells both apart from real data.
 */
export const SHREDDED_TEXT = 'titular suprimido';

/**
 * A personal field as stored: the subject id (pseudonymous), whether the clear value was text (so a
 * shredded field keeps its type), and base64(iv | ciphertext | tag) of the value's JSON. An envelope
 * without `c` was written for a subject already erased: the value itself was never stored.
 */
export interface PersonalDataEnvelope {
  readonly $pii: 1;
  readonly s: string;
  readonly t: 'text' | 'other';
  readonly c?: string;
}

export const isEnvelope = (value: unknown): value is PersonalDataEnvelope =>
  typeof value === 'object' && value !== null && (value as { $pii?: unknown }).$pii === 1 && typeof (value as { s?: unknown }).s === 'string';

export const isShredded = (value: unknown): boolean => value === SHREDDED_TEXT;

const IV_BYTES = 12;
const TAG_BYTES = 16;

interface CodedEvent {
  readonly type: string;
  readonly data: Record<string, unknown>;
}

/** Binds a field's ciphertext to its subject, event type and path: an envelope pasted elsewhere fails to open. */
const aad = (subjectId: string, type: string, path: string) => Buffer.from(JSON.stringify([subjectId, type, path]), 'utf8');

/**
 * Keys looked up once per subject for a batch of events. A batch is one append or one read: short enough
 * that a shred made meanwhile by this process is seen by the next read.
 */
class BatchKeys {
  private readonly found = new Map<string, Promise<Buffer | null>>();
  private readonly forWriting = new Map<string, Promise<Buffer | 'erased'>>();

  constructor(private readonly keys: KeyStore) {}

  find(subjectId: string): Promise<Buffer | null> {
    let key = this.found.get(subjectId);
    if (!key) this.found.set(subjectId, (key = this.keys.find(subjectId)));
    return key;
  }

  dataKeyFor(subjectId: string): Promise<Buffer | 'erased'> {
    let key = this.forWriting.get(subjectId);
    if (!key) {
      key = this.keys.dataKeyFor(subjectId).catch((error: unknown) => {
        if (error instanceof SubjectErasedError) return 'erased' as const;
        throw error;
      });
      this.forWriting.set(subjectId, key);
    }
    return key;
  }
}

/**
 * Encrypts the personal fields the schema marks, each with its subject's data key (AES-256-GCM, random IV),
 * and decrypts them back. A marked field that holds a clear value (an event written before its type was
 * marked) is read as it is: that is the upcast-on-read half of the migration (docs/architecture.md).
 */
export class PersonalDataCodec {
  private readonly marked: ReadonlyMap<string, readonly SplitMark[]>;
  private readonly sealedLately = new SealedLately();

  constructor(
    schema: PersonalDataSchema,
    private readonly keys: KeyStore,
  ) {
    for (const type of Object.keys(schema))
      for (const mark of marksOf(schema, type))
        if (mark.fields.includes(mark.subject)) throw new Error(`${type}: the subject id ${mark.subject} cannot be personal data itself`);
    this.marked = new Map(Object.keys(schema).map((type) => [type, marksOf(schema, type).map(split)]));
  }

  marks(type: string): boolean {
    return this.marked.has(type);
  }

  async encrypt<E extends CodedEvent>(events: readonly E[]): Promise<E[]> {
    // Most batches hold no personal data: they cost one map lookup per event.
    if (!events.some((event) => this.marked.has(event.type))) return [...events];
    const keys = new BatchKeys(this.keys);
    return Promise.all(events.map((event) => this.encryptOne(event, keys)));
  }

  async decrypt<E extends CodedEvent>(events: readonly E[]): Promise<E[]> {
    if (!events.some((event) => this.marked.has(event.type))) return [...events];
    const keys = new BatchKeys(this.keys);
    return Promise.all(events.map((event) => this.decryptOne(event, keys)));
  }

  private async encryptOne<E extends CodedEvent>(event: E, keys: BatchKeys): Promise<E> {
    const writes: [PathSegments, PersonalDataEnvelope][] = [];
    for (const mark of this.marked.get(event.type) ?? []) {
      const subjectId = valueAt(event.data, mark.subjectPath);
      if (typeof subjectId !== 'string' || subjectId === '')
        throw new Error(`${event.type} marks personal data of the subject in "${mark.subject}", which holds no id`);
      let key: Buffer | 'erased' | undefined;
      for (const { path, segments } of mark.fields) {
        const value = valueAt(event.data, segments);
        if (value === undefined || value === null) continue;
        key ??= await keys.dataKeyFor(subjectId);
        const envelope = seal(key, subjectId, event.type, path, value);
        this.sealedLately.remember(envelope, event.type, path, value);
        writes.push([segments, envelope]);
      }
    }
    return writes.length === 0 ? event : { ...event, data: withValuesAt(event.data, writes) };
  }

  private async decryptOne<E extends CodedEvent>(event: E, keys: BatchKeys): Promise<E> {
    const writes: [PathSegments, unknown][] = [];
    for (const mark of this.marked.get(event.type) ?? [])
      for (const { path, segments } of mark.fields) {
        const value = valueAt(event.data, segments);
        if (!isEnvelope(value)) continue; // absent, or written in clear before the mark existed
        // The envelope names its own subject; one pasted into another person's event must not open there.
        if (value.s !== valueAt(event.data, mark.subjectPath)) throw new Error(`${event.type}.${path} holds personal data of another subject`);
        const key = value.c === undefined ? null : await keys.find(value.s);
        writes.push([segments, key === null ? shredded(value) : (this.sealedLately.valueOf(value, event.type, path) ?? open(key, value, event.type, path))]);
      }
    return writes.length === 0 ? event : { ...event, data: withValuesAt(event.data, writes) };
  }
}

/** Envelopes remembered: enough for the projection feed to read back a few seconds of appends. */
const SEALED_LATELY = 16_384;

/**
 * The clear values this codec sealed lately, by their envelope's ciphertext (unique: a random IV each). The
 * projection feed opens every event it was just given to append: a remembered envelope is read back without
 * AES-GCM when it is the very ciphertext sealed here, for the same subject, event type and path (a moved or
 * altered envelope misses and is opened, and checked, as any). Its subject's key is still looked up first, so an
 * erased person reads as erased. Text, numbers and booleans only: an object would be shared between readers.
 *
 * Sealing itself is never skipped: the same value sealed twice gets two IVs and two ciphertexts, so the stored
 * events do not show which of a person's events hold the same value.
 */
class SealedLately {
  private readonly values = new Map<string, { readonly value: string | number | boolean; readonly at: string }>();

  remember(envelope: PersonalDataEnvelope, type: string, path: string, value: unknown): void {
    if (envelope.c === undefined || (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) return;
    this.values.set(envelope.c, { value, at: where(envelope.s, type, path) });
    if (this.values.size > SEALED_LATELY) this.values.delete(this.values.keys().next().value!);
  }

  valueOf(envelope: PersonalDataEnvelope, type: string, path: string): string | number | boolean | undefined {
    const known = envelope.c === undefined ? undefined : this.values.get(envelope.c);
    return known && known.at === where(envelope.s, type, path) ? known.value : undefined;
  }
}

const where = (subjectId: string, type: string, path: string) => `${subjectId}\u0000${type}\u0000${path}`;

/**
 * IVs drawn from the CSPRNG a few hundred at a time: one randomBytes call per sealed field (a reservation seals
 * about eight) cost more than the encryption itself. Each IV is handed out once; the pool is never reused.
 */
const IVS_PER_DRAW = 512;
let ivPool = Buffer.alloc(0);
let ivOffset = 0;
const freshIv = (): Buffer => {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = randomFillSync(Buffer.allocUnsafe(IV_BYTES * IVS_PER_DRAW));
    ivOffset = 0;
  }
  ivOffset += IV_BYTES;
  return ivPool.subarray(ivOffset - IV_BYTES, ivOffset);
};

function seal(key: Buffer | 'erased', subjectId: string, type: string, path: string, value: unknown): PersonalDataEnvelope {
  const t = typeof value === 'string' ? 'text' : 'other';
  // Personal data of an erased subject is dropped at the door rather than kept readable under a new key.
  if (key === 'erased') return { $pii: 1, s: subjectId, t };
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(subjectId, type, path));
  // In order: the tag exists only once final() ran.
  const sealed = Buffer.concat([iv, cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { $pii: 1, s: subjectId, t, c: sealed.toString('base64') };
}

/** Throws when the envelope was tampered with or moved: silently showing it as erased would hide corruption. */
function open(key: Buffer, envelope: PersonalDataEnvelope, type: string, path: string): unknown {
  const bytes = Buffer.from(envelope.c ?? '', 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(aad(envelope.s, type, path));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const clear = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(clear.toString('utf8'));
}

const shredded = (envelope: PersonalDataEnvelope): unknown => (envelope.t === 'text' ? SHREDDED_TEXT : null);
