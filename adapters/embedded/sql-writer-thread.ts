import { Worker } from 'node:worker_threads';
import { BUSY_TIMEOUT_MS } from './sqlite-database';

/**
 * One transaction's statements: SQL texts the thread has not seen yet (`defs`, by key), then, flat, each
 * statement's key, its number of parameters and the parameters (strings and numbers): one array of primitives
 * is copied to the thread several times faster than an array per statement.
 */
export interface SqlTransaction {
  readonly defs: readonly (readonly [number, string])[];
  readonly ops: readonly unknown[];
}

/**
 * The thread's connection: the file's pragmas as the event loop's connection has them (foreign keys for the
 * collections' cascades, secure_delete for erasures); checkpoints stay with BackgroundCheckpoints (autocheckpoint 0).
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = ' + workerData.synchronous);
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
db.pragma('foreign_keys = ON');
db.pragma('secure_delete = ON');
db.pragma('wal_autocheckpoint = ' + workerData.autocheckpointPages);
const statements = new Map();
const commit = db.transaction((ops) => {
  for (let i = 0; i < ops.length; ) {
    const statement = statements.get(ops[i]);
    const end = i + 2 + ops[i + 1];
    statement.run(...ops.slice(i + 2, end));
    i = end;
  }
});
parentPort.on('message', (m) => {
  if (m.type === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  if (m.type === 'autocheckpoint') {
    db.pragma('wal_autocheckpoint = ' + m.pages);
    return;
  }
  try {
    for (const [key, sql] of m.defs) statements.set(key, db.prepare(sql));
    if (m.ops.length > 0) commit.immediate(m.ops);
    parentPort.postMessage({ id: m.id });
  } catch (e) {
    parentPort.postMessage({ id: m.id, failed: { message: String(e && e.message), code: e && e.code } });
  }
});
`;

const toError = (e: { message: string; code?: string }) => Object.assign(new Error(e.message), e.code ? { code: e.code } : {});

/**
 * A thread that runs the read-model file's write transactions on a connection of its own, in the order they were
 * sent: the event loop builds each transaction's statements (the documents' JSON, the catalogue's entries) and goes
 * on answering requests while SQLite writes them. Its connection reads the file as committed (WAL); what is in
 * flight is the store's memory (SqliteReadStore). Like the event writer, plain JavaScript evaluated from a string.
 */
export class SqlWriterThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (e: unknown) => void }>();
  /** SQL texts by key: a transaction carries only keys and parameters, and each text once per thread. */
  private readonly keys = new Map<string, number>();
  private known = new Set<number>();
  private autocheckpointPages = 1000;

  constructor(
    private readonly file: string,
    private readonly synchronous: 'NORMAL' | 'FULL',
  ) {}

  /** The thread's automatic WAL checkpoints: 0 turns them off (BackgroundCheckpoints copies the WAL). */
  setAutocheckpoint(pages: number): void {
    this.autocheckpointPages = pages;
    this.worker?.postMessage({ type: 'autocheckpoint', pages });
  }

  /** A builder of one transaction: `run` adds a statement; `commit` sends them and resolves once they are written. */
  transaction(): { run: (sql: string, ...params: unknown[]) => void; commit: () => Promise<void> } {
    const defs = new Map<number, string>();
    const ops: unknown[] = [];
    return {
      run: (sql, ...params) => {
        let key = this.keys.get(sql);
        if (key === undefined) this.keys.set(sql, (key = this.keys.size + 1));
        if (!this.known.has(key)) defs.set(key, sql);
        ops.push(key, params.length);
        for (const param of params) ops.push(param);
      },
      // Known once sent (a transaction built and dropped sent nothing); sending a text twice only prepares it again.
      commit: () => {
        for (const key of defs.keys()) this.known.add(key);
        return this.send({ defs: [...defs], ops });
      },
    };
  }

  /** Resolves once everything sent before it has been written (or has failed). */
  settled(): Promise<void> {
    return this.worker ? this.send({ defs: [], ops: [] }).catch(() => undefined) : Promise.resolve();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.ref();
    worker.postMessage({ type: 'close' });
    await exited;
  }

  private send(transaction: SqlTransaction): Promise<void> {
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref(); // a write in flight keeps the process alive until it is answered
      worker.postMessage({ id, ...transaction });
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file: this.file,
        driver: require.resolve('better-sqlite3'),
        synchronous: this.synchronous,
        busyTimeoutMs: BUSY_TIMEOUT_MS,
        autocheckpointPages: this.autocheckpointPages,
      },
    });
    worker.on('message', (m: { id: number; failed?: { message: string; code?: string } }) => {
      const waiter = this.waiting.get(m.id);
      if (!waiter) return;
      this.waiting.delete(m.id);
      if (this.waiting.size === 0) worker.unref();
      if (m.failed) waiter.reject(toError(m.failed));
      else waiter.resolve();
    });
    // Lost: what was in flight is rejected (its writes may or may not be in the file: the store reloads what it
    // touched), and the next transaction starts a fresh thread, which must be sent every SQL text again.
    const lost = (error: unknown) => {
      if (this.worker === worker) this.worker = undefined;
      this.known = new Set();
      const waiting = [...this.waiting.values()];
      this.waiting.clear();
      for (const w of waiting) w.reject(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`read-model writer thread exited (code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
