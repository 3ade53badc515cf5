import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteKeyStore } from '../../adapters/embedded/sqlite-key-store';
import type { EventToAppend } from '../../kernel/ports/event-store';
import { EncryptingEventStore } from '../../application/personal-data/encrypting-event-store';
import type { PersonalDataSchema } from '../../kernel/personal-data/personal-data-schema';
import { PersonalDataCodec } from '../../kernel/personal-data/pii-codec';
import { PseudonymousStreamIds } from '../../application/personal-data/pseudonymous-stream-ids';

/** A data directory of its own with keys.sqlite and events.sqlite, as the embedded mode lays them out. */
export function temporaryDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'personal-data-'));
  return {
    dir,
    file: (name: string) => path.join(dir, name),
    /** Every byte of a SQLite file and its WAL: what a copy of the data directory would hold. */
    rawBytes: (name: string) =>
      Buffer.concat(
        [name, `${name}-wal`]
          .map((f) => path.join(dir, f))
          .filter((f) => fs.existsSync(f))
          .map((f) => fs.readFileSync(f)),
      ),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The decorator over real SQLite files; `raw` is the undecorated store over the same events file. */
export function encryptedStores(
  data: ReturnType<typeof temporaryDataDir>,
  schema: PersonalDataSchema,
  pseudonymousStreams: readonly string[] = [],
  options: { soleWriter?: boolean } = {},
) {
  const keys = SqliteKeyStore.open(data.file('keys.sqlite'), 'platform-secret-for-tests');
  const raw = SqliteEventStore.open(data.file('events.sqlite'), options);
  const streamIds = PseudonymousStreamIds.fromPlatformSecret('platform-secret-for-tests', pseudonymousStreams);
  const store = new EncryptingEventStore(raw, new PersonalDataCodec(schema, keys), { streamIds });
  return { keys, raw, store, close: async () => (await store.close(), await keys.close()) };
}

export const event = (type: string, data: Record<string, unknown>): EventToAppend => ({
  type,
  data,
  metadata: { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: '2026-03-01T12:00:00.000Z', schemaVersion: 1 },
});

export const META = { now: new Date('2026-03-02T10:00:00.000Z'), actorId: 'admin-1', actorRoles: ['admin'], correlationId: 'erase-1' };
