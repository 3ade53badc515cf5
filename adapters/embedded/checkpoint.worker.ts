/**
 * The checkpoint thread of one SQLite file (background-checkpoints.ts starts it). PASSIVE never waits for, nor
 * holds up, the connections writing the file; one that finds the checkpoint lock taken (another process's
 * checkpointer, a close) just tries again at the next tick.
 *
 * PASSIVE alone let the WAL grow without end under a steady stream of commits: SQLite starts the WAL again from
 * its beginning only at a commit that finds every frame already copied, and a writer that commits while the copy
 * runs never does. Building the 10x catalogue left a 5.3 GB WAL, and every page read searched its index: the
 * build took 92 s, against 69 s with SQLite's own checkpoints inside the commits. So once the WAL passes
 * restartPages, the thread follows its PASSIVE copy with a RESTART: that one takes the writer's lock (waiting up
 * to restartWaitMs for a gap between commits), copies the few frames written meanwhile and leaves the WAL to be
 * started again by the next commit. The writer waits for that short copy, not for the whole WAL.
 */
import Database from './sqlite-driver';
import { parentPort, workerData } from 'node:worker_threads';

export interface CheckpointData {
  readonly file: string;
  readonly synchronous: 'NORMAL' | 'FULL';
  readonly everyMs: number;
  readonly restartPages: number;
  readonly restartWaitMs: number;
}

const settings = workerData as CheckpointData;
const port = parentPort!;
const db = new Database(settings.file, { timeout: 0 });
db.pragma(`synchronous = ${settings.synchronous}`);

type Copied = { busy: number; log: number; checkpointed: number };
const checkpoint = (mode: 'PASSIVE' | 'RESTART'): Copied | undefined => {
  try {
    return (db.pragma(`wal_checkpoint(${mode})`) as Copied[])[0];
  } catch (e) {
    if ((e as { code?: string })?.code !== 'SQLITE_BUSY') throw e;
    return undefined;
  }
};

const timer = setInterval(() => {
  const copied = checkpoint('PASSIVE');
  if (!copied || copied.log < settings.restartPages) return;
  db.pragma(`busy_timeout = ${settings.restartWaitMs}`);
  try {
    checkpoint('RESTART');
  } finally {
    db.pragma('busy_timeout = 0');
  }
}, settings.everyMs);

port.on('message', (m: unknown) => {
  if (m !== 'close') return;
  clearInterval(timer);
  db.close();
  port.close();
});
