import { Binary, MongoServerError, type Collection, type Db } from 'mongodb';
import { SubjectErasedError, type KeyStore } from '../../kernel/ports/key-store';
import { DataKeyWrapping } from '../../application/personal-data/data-key-wrapping';

const DUPLICATE_KEY = 11000;

interface KeyDocument {
  _id: string;
  /** Absent once erased. */
  wrappedKey?: Binary;
  createdAt: string;
  erasedAt?: string;
}

/**
 * Data keys in one MongoDB collection, wrapped with the platform key. A shred unsets the key and keeps a
 * tombstone. MongoDB itself may keep the old bytes in its storage files and oplog until they are
 * compacted or rolled over; docs/architecture.md ("Personal data") says what operators must do about it.
 */
export class MongoKeyStore implements KeyStore {
  private readonly keys: Collection<KeyDocument>;
  private readonly wrapping: DataKeyWrapping;

  constructor(
    db: Db,
    platformSecret: string,
    private readonly options: { collection?: string; onClose?: () => Promise<void> } = {},
  ) {
    this.keys = db.collection<KeyDocument>(options.collection ?? 'subject_keys');
    this.wrapping = DataKeyWrapping.fromPlatformSecret(platformSecret);
  }

  async dataKeyFor(subjectId: string): Promise<Buffer> {
    const found = (await this.keys.findOne({ _id: subjectId })) ?? (await this.create(subjectId));
    if (!found.wrappedKey) throw new SubjectErasedError(subjectId);
    return this.wrapping.unwrap(subjectId, Buffer.from(found.wrappedKey.buffer));
  }

  async find(subjectId: string): Promise<Buffer | null> {
    const found = await this.keys.findOne({ _id: subjectId });
    return found?.wrappedKey ? this.wrapping.unwrap(subjectId, Buffer.from(found.wrappedKey.buffer)) : null;
  }

  async shred(subjectId: string, erasedAt: string): Promise<void> {
    // Two steps, each idempotent: drop the key (keeping the first erasure's instant), then make sure a
    // tombstone exists for a subject that never had a key.
    await this.keys.updateOne({ _id: subjectId, erasedAt: { $exists: false } }, { $unset: { wrappedKey: '' }, $set: { erasedAt } });
    try {
      await this.keys.insertOne({ _id: subjectId, createdAt: erasedAt, erasedAt });
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
    }
  }

  async isErased(subjectId: string): Promise<boolean> {
    const found = await this.keys.findOne({ _id: subjectId }, { projection: { erasedAt: 1 } });
    return Boolean(found?.erasedAt);
  }

  async listSubjects(): Promise<string[]> {
    const live = await this.keys.find({ wrappedKey: { $exists: true } }, { projection: { _id: 1 } }).toArray();
    return live.map((doc) => doc._id);
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }

  /** Inserts a new key; when another process inserted first, theirs is the key (the unique _id decides). */
  private async create(subjectId: string): Promise<KeyDocument> {
    const doc: KeyDocument = {
      _id: subjectId,
      wrappedKey: new Binary(this.wrapping.wrap(subjectId, DataKeyWrapping.newDataKey())),
      createdAt: new Date().toISOString(),
    };
    try {
      await this.keys.insertOne(doc);
      return doc;
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      const winner = await this.keys.findOne({ _id: subjectId });
      if (!winner) throw error;
      return winner;
    }
  }
}
