import { RequestThread } from './request-thread';
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

/**
 * A thread that runs the read-model file's write transactions on a connection of its own, in the order they were
 * sent: the event loop builds each transaction's statements (the documents' JSON, the catalogue's entries) and goes
 * on answering requests while SQLite writes them. Its connection reads the file as committed (WAL); what is in
 * flight is the store's memory (SqliteReadStore). Like the event writer, plain JavaScript evaluated from a string.
 */
export class SqlWriterThread {
  /** SQL texts by key: a transaction carries only keys and parameters, and each text once per thread. */
  private readonly keys = new Map<string, number>();
  private known = new Set<number>();
  private autocheckpointPages = 1000;
  private readonly thread: RequestThread<object>;

  constructor(file: string, synchronous: 'NORMAL' | 'FULL') {
    this.thread = new RequestThread(
      'read-model writer',
      WORKER_SOURCE,
      () => ({
        file,
        driver: require.resolve('better-sqlite3'),
        synchronous,
        busyTimeoutMs: BUSY_TIMEOUT_MS,
        autocheckpointPages: this.autocheckpointPages,
      }),
      // A new thread must be sent every SQL text again.
      () => (this.known = new Set()),
    );
  }

  /** The thread's automatic WAL checkpoints: 0 turns them off (BackgroundCheckpoints copies the WAL). */
  setAutocheckpoint(pages: number): void {
    this.autocheckpointPages = pages;
    this.thread.tell({ type: 'autocheckpoint', pages });
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
    return this.thread.running ? this.send({ defs: [], ops: [] }).catch(() => undefined) : Promise.resolve();
  }

  close(): Promise<void> {
    return this.thread.close();
  }

  private async send(transaction: SqlTransaction): Promise<void> {
    await this.thread.request({ ...transaction });
  }
}
