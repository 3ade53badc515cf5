import { Worker } from 'node:worker_threads';
import type { SqliteDatabase } from './sqlite-database';
import type { CheckpointData } from './checkpoint.worker';
import { workerScript } from './worker-script';

/** How often the thread copies the WAL into the database file. */
const EVERY_MS = 200;
/**
 * A WAL this long (pages of 4 KiB: 40 MiB) is started again from its beginning (see checkpoint.worker.ts). Well above
 * what steady traffic leaves between two ticks (the reservations benchmark's read models: ~2,000 pages at most),
 * so only a sustained stream of commits (a catch-up, a rebuild, an import) pays the brief pause it takes.
 */
const RESTART_PAGES = 10_000;
/** How long the thread waits for a gap between the writer's commits to take the lock for that restart. */
const RESTART_WAIT_MS = 250;
/** SQLite's own default, put back if the thread is lost: the WAL must not grow without bound. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * WAL checkpoints of a file written on the event loop, moved to a thread of their own. SQLite runs an automatic
 * checkpoint inside the commit that crosses 1,000 WAL pages, on the committing connection: for the read models
 * that is the event loop, held for tens of milliseconds while every request waits (it set the reservations'
 * p99). With this, the event loop's connection never checkpoints (wal_autocheckpoint=0) and a thread copies the
 * WAL every 200 ms. If the thread is lost, the connection's automatic checkpoints come back.
 */
export class BackgroundCheckpoints {
  private stopping = false;
  private readonly exited: Promise<unknown>;

  private constructor(
    private readonly worker: Worker,
    lost: (pages: number) => void,
  ) {
    const restore = () => {
      if (!this.stopping) lost(AUTOCHECKPOINT_PAGES);
    };
    worker.on('error', restore);
    worker.on('exit', restore);
    this.exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.unref(); // it must not keep the process alive: the store's close() stops it
  }

  /**
   * For a file written by `db` on the event loop: its automatic checkpoints stop while the thread runs.
   * `alsoLost` puts back those of another writer of the file (the event writer's thread), if the thread is lost;
   * `restartPages`: the WAL's length that makes the thread start it again (RESTART_PAGES; a test's is shorter).
   */
  static start(
    db: SqliteDatabase,
    file: string,
    synchronous: 'NORMAL' | 'FULL',
    options: { alsoLost?: (pages: number) => void; restartPages?: number } = {},
  ): BackgroundCheckpoints {
    db.pragma('wal_autocheckpoint = 0');
    return BackgroundCheckpoints.forFile(file, synchronous, options.restartPages ?? RESTART_PAGES, (pages) => {
      options.alsoLost?.(pages);
      if (db.open) db.pragma(`wal_autocheckpoint = ${pages}`);
    });
  }

  /** The thread for `file`; `lost` is called if it dies while the store still runs. */
  private static forFile(file: string, synchronous: 'NORMAL' | 'FULL', restartPages: number, lost: (pages: number) => void): BackgroundCheckpoints {
    const workerData: CheckpointData = { file, synchronous, everyMs: EVERY_MS, restartPages, restartWaitMs: RESTART_WAIT_MS };
    const worker = new Worker(workerScript('checkpoint.worker'), { workerData });
    return new BackgroundCheckpoints(worker, lost);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.worker.ref(); // else the process may end before the thread has closed its connection
    this.worker.postMessage('close'); // a thread already gone ignores it: `exited` has resolved
    await this.exited;
  }
}

const TRUNCATE_ATTEMPTS = 200;

/**
 * Checkpoints the whole WAL into the file and empties it (an erasure's deleted bytes must leave both). The
 * background thread's PASSIVE checkpoint may hold the checkpoint lock at that moment, and SQLite then answers
 * "busy" instead of waiting: so this tries again, for up to ~2 s, and fails loudly rather than leave the bytes.
 */
export async function truncateWal(db: SqliteDatabase): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (!result?.busy) return;
    if (attempt >= TRUNCATE_ATTEMPTS) throw new Error(`${db.name}: the WAL could not be emptied, another connection kept it busy`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
