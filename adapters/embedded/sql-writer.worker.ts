/**
 * The read-model writer's thread (sql-writer-thread.ts starts it): runs the read-model file's write transactions
 * on a connection of its own, in the order they were sent. Its connection has the file's pragmas as the event
 * loop's has them (foreign keys for the collections' cascades, secure_delete for erasures); checkpoints stay with
 * the checkpoint thread (autocheckpoint 0 while it runs).
 */
import Database from './sqlite-driver';
import { parentPort, workerData } from 'node:worker_threads';

export interface SqlWriterData {
  readonly file: string;
  readonly synchronous: 'NORMAL' | 'FULL';
  readonly busyTimeoutMs: number;
  readonly autocheckpointPages: number;
}

const settings = workerData as SqlWriterData;
const port = parentPort!;
const db = new Database(settings.file);
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${settings.synchronous}`);
db.pragma(`busy_timeout = ${settings.busyTimeoutMs}`);
db.pragma('foreign_keys = ON');
db.pragma('secure_delete = ON');
db.pragma(`wal_autocheckpoint = ${settings.autocheckpointPages}`);

const statements = new Map<number, Database.Statement>();
/** `ops`, flat: each statement's key, its number of parameters, then the parameters (SqlTransaction). */
const commit = db.transaction((ops: unknown[]) => {
  for (let i = 0; i < ops.length;) {
    const statement = statements.get(ops[i] as number)!;
    const end = i + 2 + (ops[i + 1] as number);
    statement.run(...ops.slice(i + 2, end));
    i = end;
  }
});

type Message = { type: 'close' } | { type: 'autocheckpoint'; pages: number } | { type?: undefined; id: number; defs: [number, string][]; ops: unknown[] };

port.on('message', (m: Message) => {
  if (m.type === 'close') {
    db.close();
    port.close();
    return;
  }
  if (m.type === 'autocheckpoint') {
    db.pragma(`wal_autocheckpoint = ${m.pages}`);
    return;
  }
  try {
    for (const [key, sql] of m.defs) statements.set(key, db.prepare(sql));
    if (m.ops.length > 0) commit.immediate(m.ops);
    port.postMessage({ id: m.id });
  } catch (e) {
    const failure = e as { message?: string; code?: string };
    port.postMessage({ id: m.id, failed: { message: String(failure?.message), code: failure?.code } });
  }
});
