import fs from 'node:fs';
import path from 'node:path';
import { OperatorError } from './operator-error';

/** Why the data directory cannot take a write: no space left, mounted or made read-only, or gone/unreadable. */
export type StorageFault = 'full' | 'read-only' | 'unavailable';

const FAULT_BY_CODE: Readonly<Record<string, StorageFault>> = {
  SQLITE_FULL: 'full',
  ENOSPC: 'full',
  EDQUOT: 'full',
  SQLITE_READONLY: 'read-only',
  EROFS: 'read-only',
  EACCES: 'read-only',
  EPERM: 'read-only',
  SQLITE_CANTOPEN: 'unavailable',
  SQLITE_IOERR: 'unavailable',
  EIO: 'unavailable',
};

/**
 * The storage fault an error reports, if any: SQLite's codes (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED... by
 * their primary code) and the file system's, on the error or its cause.
 */
export const storageFault = (error: unknown): StorageFault | null => {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    const primary = code.startsWith('SQLITE_') ? code.split('_').slice(0, 2).join('_') : code;
    if (Object.hasOwn(FAULT_BY_CODE, primary)) return FAULT_BY_CODE[primary];
  }
  return null;
};

const CAUSE: Readonly<Record<StorageFault, string>> = {
  full: 'el disco está lleno',
  'read-only': 'el directorio es de solo lectura',
  unavailable: 'no se puede leer ni escribir en él',
};

/** One line for the operator: the directory and why it cannot be used (no stack trace to bury it). */
export const storageRefusal = (error: unknown, dataDir: string): unknown => {
  const code = (error as { code?: unknown }).code;
  // At start, a directory that cannot be made (a read-only parent, a file in the way) is as unusable.
  const fault = storageFault(error) ?? (code === 'ENOENT' || code === 'ENOTDIR' ? 'unavailable' : null);
  if (!fault) return error;
  return new OperatorError(
    `el directorio de datos ${dataDir} no admite escrituras: ${CAUSE[fault]}${typeof code === 'string' ? ` (${code})` : ''}. ` +
      (fault === 'full' ? 'Libere espacio o use otro DATA_DIR.' : 'Revise los permisos y el montaje, o use otro DATA_DIR.'),
  );
};

/** A small file written, flushed to disk and removed: what a write of the platform's needs at the least. */
export const probeWrite = (dataDir: string): void => {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, `.write-probe-${process.pid}`);
  try {
    const fd = fs.openSync(file, 'w');
    try {
      fs.writeSync(fd, Buffer.alloc(64 * 1024));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } finally {
    fs.rmSync(file, { force: true });
  }
};

/**
 * What the storage answered lately. A write that failed for want of space or permission marks it unavailable (the
 * API answers 503, readiness says why); from then on each readiness check probes the directory and a write that
 * goes through again clears it, so the platform takes writes again as soon as space is freed.
 */
export class StorageHealth {
  private current: StorageFault | null = null;

  constructor(private readonly dataDir: string) {}

  get fault(): StorageFault | null {
    return this.current;
  }

  failed(fault: StorageFault): void {
    this.current = fault;
  }

  /** A write went through: whatever failed before is over. */
  recovered(): void {
    this.current = null;
  }

  /** The fault still in force after probing the directory (null: writes go through). */
  check(): StorageFault | null {
    if (!this.current) return null;
    try {
      probeWrite(this.dataDir);
      this.current = null;
    } catch (error) {
      this.current = storageFault(error) ?? this.current;
    }
    return this.current;
  }
}
