import fs from 'node:fs';
import path from 'node:path';
import Database from './sqlite-driver';

export type SqliteDatabase = Database.Database;

/** How long a writer waits for another connection's lock before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens (creating if needed) the SQLite file shared by the embedded adapters.
 * WAL lets readers run while one writer commits; synchronous=FULL fsyncs the WAL on every commit,
 * so a write that has returned survives a crash or power loss, not only a killed process.
 * Derived data (read models, sessions) may ask for 'normal': WAL stays consistent, and a power loss
 * can only drop the newest commits, which the projections replay because their checkpoint is
 * written after their documents.
 */
export function openDatabase(filePath: string, options: { durability?: 'full' | 'normal' } = {}): SqliteDatabase {
  if (filePath !== ':memory:') fs.mkdirSync(path.dirname(filePath), { recursive: true });
  const db = new Database(filePath);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.durability === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('foreign_keys = ON');
  return db;
}
