import { RequestThread } from './request-thread';
import { BUSY_TIMEOUT_MS } from './sqlite-database';
import type { SqlWriterData } from './sql-writer.worker';
import { workerScript } from './worker-script';

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
 * A thread that runs the read-model file's write transactions on a connection of its own, in the order they were
 * sent: the event loop builds each transaction's statements (the documents' JSON, the catalogue's entries) and goes
 * on answering requests while SQLite writes them. Its connection reads the file as committed (WAL); what is in
 * flight is the store's memory (SqliteReadStore). The thread's side is sql-writer.worker.ts.
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
      workerScript('sql-writer.worker'),
      (): SqlWriterData => ({
        file,
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
