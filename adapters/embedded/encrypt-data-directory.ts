import fs from 'node:fs';
import path from 'node:path';
import { platformPersonalData, pseudonymousStreamCategories } from '../../application/personal-data/platform-personal-data';
import { LeadIds } from '../../application/personal-data/lead-ids';
import { LegacyUpcasts } from '../../application/personal-data/legacy-upcasts';
import { PersonalDataCodec } from '../../kernel/personal-data/pii-codec';
import { PseudonymousStreamIds } from '../../application/personal-data/pseudonymous-stream-ids';
import { rewriteEventLog, type RewriteResult } from '../../application/personal-data/rewrite-event-log';
import { acquireProcessLock } from './process-lock';
import { SqliteEventStore } from './sqlite-event-store';
import { SqliteKeyStore } from './sqlite-key-store';

/** A SQLite file with its WAL and shared-memory companions. */
const withCompanions = (file: string) => [file, `${file}-wal`, `${file}-shm`];

/**
 * The one-off migration of an embedded data directory written before personal data was encrypted
 * (docs/architecture.md, "Personal data"). With the platform stopped: rewrites events.sqlite into a new file
 * through the codec, puts it in place, and deletes the old file and the read models (rebuilt from the
 * new log on the next start). Upcasting on read already serves the old file; this removes its clear bytes.
 *
 * Crash safety: the old log is renamed aside before the new one takes its name, and deleted only then;
 * after a crash, whichever of `events.sqlite` / `events.before-encryption.sqlite` exists is complete.
 */
export async function encryptDataDirectory(dataDir: string, platformSecret: string, onProgress?: (copied: number) => void): Promise<RewriteResult> {
  const file = (name: string) => path.join(dataDir, name);
  const [current, rewritten, aside] = [file('events.sqlite'), file('events.rewrite.sqlite'), file('events.before-encryption.sqlite')];
  // The platform must be stopped: its event store holds this lock while it runs.
  const lock = acquireProcessLock(current, 'the personal data migration');
  try {
    if (!fs.existsSync(current) && fs.existsSync(aside)) fs.renameSync(aside, current); // a crash before the new log took its name
    for (const leftover of withCompanions(rewritten)) fs.rmSync(leftover, { force: true });
    return await rewriteInPlace(current, rewritten, aside, file, platformSecret, onProgress);
  } finally {
    lock.release();
  }
}

async function rewriteInPlace(
  current: string,
  rewritten: string,
  aside: string,
  file: (name: string) => string,
  platformSecret: string,
  onProgress?: (copied: number) => void,
): Promise<RewriteResult> {
  const keys = SqliteKeyStore.open(file('keys.sqlite'), platformSecret);
  const source = SqliteEventStore.open(current);
  const target = SqliteEventStore.open(rewritten);
  let result: RewriteResult;
  try {
    result = await rewriteEventLog(
      {
        source,
        target,
        codec: new PersonalDataCodec(platformPersonalData, keys),
        streamIds: PseudonymousStreamIds.fromPlatformSecret(platformSecret, pseudonymousStreamCategories),
        upcasts: new LegacyUpcasts(LeadIds.fromPlatformSecret(platformSecret)),
      },
      onProgress,
    );
  } finally {
    // Closing the last connection checkpoints each WAL into its file and removes it.
    await Promise.all([source.close(), target.close(), keys.close()]);
  }
  withCompanions(current).forEach((f, i) => fs.existsSync(f) && fs.renameSync(f, withCompanions(aside)[i]));
  withCompanions(rewritten).forEach((f, i) => fs.existsSync(f) && fs.renameSync(f, withCompanions(current)[i]));
  for (const old of [...withCompanions(aside), ...withCompanions(file('read-models.sqlite'))]) fs.rmSync(old, { force: true });
  return result;
}
