import Database from './sqlite-driver';
import { OperatorError } from '../operator-error';

export interface ProcessLock {
  release(): void;
}

/**
 * Holds `${file}.lock` for as long as this process runs (an open EXCLUSIVE transaction on a tiny SQLite file of
 * its own): a second process, or a second store in this one, that asks for the same lock is refused at once.
 * The operating system drops the lock with the process, so a crash leaves nothing to clean up.
 */
export function acquireProcessLock(file: string, holder: string): ProcessLock {
  const lock = new Database(`${file}.lock`, { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY')
      throw new OperatorError(`${file} is already open for writing by another process (${holder}): stop it first, or use MODE=distributed to share the file`);
    throw error;
  }
  return {
    release() {
      if (!lock.open) return;
      lock.exec('ROLLBACK');
      lock.close();
    },
  };
}
