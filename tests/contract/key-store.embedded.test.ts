import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteKeyStore } from '../../adapters/embedded/sqlite-key-store';
import { describeKeyStoreContract } from './key-store.contract';

describeKeyStoreContract('SQLite file', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'key-store-contract-'));
  return {
    open: async (secret) => SqliteKeyStore.open(path.join(dir, 'keys.sqlite'), secret),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});
