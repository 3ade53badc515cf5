import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from '../../adapters/embedded/sqlite-driver';
import { SqliteKeyStore } from '../../adapters/embedded/sqlite-key-store';

/** The bytes of the key file and its WAL, as anyone copying the data directory would get them. */
const rawBytes = (file: string) => Buffer.concat([file, `${file}-wal`, `${file}-journal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));

describe('SqliteKeyStore on disk', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'key-shredding-'));
    file = path.join(dir, 'keys.sqlite');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const wrappedKeyOf = (subjectId: string): Buffer => {
    const reader = new Database(file, { readonly: true });
    try {
      return (reader.prepare('SELECT wrapped_key FROM subject_keys WHERE subject_id = ?').get(subjectId) as { wrapped_key: Buffer }).wrapped_key;
    } finally {
      reader.close();
    }
  };

  it('stores keys only wrapped: no data key appears in the file or its WAL', async () => {
    const store = SqliteKeyStore.open(file, 'platform-secret');
    const keys = await Promise.all(['user-1', 'user-2', 'user-3'].map((id) => store.dataKeyFor(id)));
    const bytes = rawBytes(file);
    for (const key of keys) expect(bytes.includes(key)).toBe(false);
    await store.close();
  });

  it('leaves no byte of a shredded key in the file or its WAL, and keeps the others', async () => {
    const store = SqliteKeyStore.open(file, 'platform-secret');
    for (let n = 0; n < 50; n++) await store.dataKeyFor(`user-${n}`);
    const shredded = wrappedKeyOf('user-7');
    const kept = wrappedKeyOf('user-8');
    expect(rawBytes(file).includes(shredded)).toBe(true); // the search below can find a key when it is there

    await store.shred('user-7', '2026-03-01T12:00:00.000Z');

    const bytes = rawBytes(file);
    expect(bytes.includes(shredded)).toBe(false);
    expect(bytes.includes(kept)).toBe(true);
    expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
    await store.close();
  });
});
