import type { Collection, Db } from 'mongodb';
import type { SessionRecord, SessionsKept, SessionStore } from '../../kernel/ports/session-store';

interface SessionDocument {
  _id: string;
  kind: SessionRecord['kind'];
  userId: string;
  familyId?: string;
  createdAt: string;
  lastActivityAt: string;
  /** A BSON Date, not a string: MongoDB's TTL monitor only expires documents whose indexed field is a Date. */
  expiresAt: Date;
  remember: boolean;
  /** Always present (null until rotated) so that markRotated's filter is a plain equality on null. */
  rotatedAt: string | null;
}

/**
 * Sessions and refresh tokens in one MongoDB collection. A TTL index on `expiresAt` lets MongoDB delete
 * expired records in the background (its monitor runs about once a minute, so a record may outlive its
 * expiry by that much; purgeExpired() removes them on demand). mongo-java-server accepts the TTL index
 * but never expires anything: the tests use purgeExpired().
 */
export class MongoSessionStore implements SessionStore {
  private readonly sessions: Collection<SessionDocument>;
  private indexes: Promise<void> | undefined;

  constructor(
    db: Db,
    private readonly options: { collection?: string; onClose?: () => Promise<void> } = {},
  ) {
    this.sessions = db.collection<SessionDocument>(options.collection ?? 'sessions');
  }

  async put(session: SessionRecord): Promise<void> {
    await this.ready();
    const doc = toDocument(session);
    await this.sessions.replaceOne({ _id: doc._id }, doc, { upsert: true });
  }

  async get(id: string): Promise<SessionRecord | null> {
    await this.ready();
    const doc = await this.sessions.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async touch(id: string, lastActivityAt: string, expiresAt: string): Promise<SessionRecord | null> {
    await this.ready();
    // A record whose expiry has passed by `lastActivityAt` (now) cannot be revived, even before the TTL monitor runs.
    const doc = await this.sessions.findOneAndUpdate(
      { _id: id, expiresAt: { $gt: new Date(lastActivityAt) } },
      { $set: { lastActivityAt, expiresAt: new Date(expiresAt) } },
      { returnDocument: 'after' },
    );
    return doc ? toRecord(doc) : null;
  }

  async markRotated(id: string, at: string): Promise<boolean> {
    await this.ready();
    // One conditional write: of two concurrent rotations of the same token exactly one matches `rotatedAt: null`.
    const result = await this.sessions.updateOne({ _id: id, rotatedAt: null }, { $set: { rotatedAt: at } });
    return result.modifiedCount === 1;
  }

  async delete(id: string): Promise<void> {
    await this.ready();
    await this.sessions.deleteOne({ _id: id });
  }

  async countByUser(userId: string, now: string): Promise<number> {
    await this.ready();
    return this.sessions.countDocuments({ userId, expiresAt: { $gt: new Date(now) } });
  }

  async deleteByUser(userId: string, keep?: SessionsKept): Promise<void> {
    await this.ready();
    await this.sessions.deleteMany({
      userId,
      ...(keep?.sessionId ? { _id: { $ne: keep.sessionId } } : {}),
      ...(keep?.familyId ? { familyId: { $ne: keep.familyId } } : {}),
    });
  }

  async deleteFamily(familyId: string): Promise<void> {
    await this.ready();
    await this.sessions.deleteMany({ familyId });
  }

  async familyIsLive(familyId: string, now: string): Promise<boolean> {
    await this.ready();
    // Served by the familyId index; the expiry filter matters because the TTL monitor lags by up to a minute.
    const doc = await this.sessions.findOne({ familyId, expiresAt: { $gt: new Date(now) } }, { projection: { _id: 1 } });
    return doc !== null;
  }

  async purgeExpired(now: string): Promise<number> {
    await this.ready();
    const { deletedCount } = await this.sessions.deleteMany({ expiresAt: { $lte: new Date(now) } });
    return deletedCount;
  }

  /** MongoDB reuses the space of deleted sessions itself and keeps no local file of ours: nothing to do. */
  async purgeDeletedBytes(): Promise<void> {}

  async close(): Promise<void> {
    await this.options.onClose?.();
  }

  private ready(): Promise<void> {
    this.indexes ??= this.createIndexes().catch((error: unknown) => {
      this.indexes = undefined;
      throw error;
    });
    return this.indexes;
  }

  private async createIndexes(): Promise<void> {
    await this.sessions.createIndex({ expiresAt: 1 }, { name: 'expiresAt_ttl', expireAfterSeconds: 0 });
    await this.sessions.createIndex({ userId: 1 }, { name: 'userId' });
    await this.sessions.createIndex({ familyId: 1 }, { name: 'familyId', sparse: true });
  }
}

function toDocument(session: SessionRecord): SessionDocument {
  return {
    _id: session.id,
    kind: session.kind,
    userId: session.userId,
    ...(session.familyId !== undefined && { familyId: session.familyId }),
    createdAt: session.createdAt,
    lastActivityAt: session.lastActivityAt,
    expiresAt: new Date(session.expiresAt),
    remember: session.remember,
    rotatedAt: session.rotatedAt ?? null,
  };
}

function toRecord(doc: SessionDocument): SessionRecord {
  return {
    id: doc._id,
    kind: doc.kind,
    userId: doc.userId,
    ...(doc.familyId != null && { familyId: doc.familyId }),
    createdAt: doc.createdAt,
    lastActivityAt: doc.lastActivityAt,
    expiresAt: doc.expiresAt.toISOString(),
    remember: doc.remember,
    ...(doc.rotatedAt != null && { rotatedAt: doc.rotatedAt }),
  };
}
