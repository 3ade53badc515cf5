import { RequestThread, toError } from './request-thread';
import { flatAppends, readOutcomes, type AppendOutcome, type AppendRequest, type EventWriterData } from './event-writer-protocol';
import { workerScript } from './worker-script';

export type { AppendOutcome, AppendRequest } from './event-writer-protocol';

/**
 * The event store's writer in a worker thread (event-writer.worker.ts): its own SQLite connection to the same
 * file appends each group commit and waits for its fsync there, so the event loop goes on reading requests and
 * answering queries meanwhile. The main thread's connection only reads (WAL: it sees a commit once it returned).
 * A thread lost is started again on the next commit (RequestThread). `commit` sends one group of appends and
 * resolves after its commit returned (fsync'd).
 */
export class WorkerWriter {
  /** 0 while a checkpoint thread runs for the file; SQLite's default (1,000 pages) otherwise. */
  private autocheckpointPages = 1000;
  private readonly thread: RequestThread<{ outcomes?: unknown[] }>;

  constructor(file: string, busyTimeoutMs: number) {
    this.thread = new RequestThread('event writer', workerScript('event-writer.worker'), (): EventWriterData => ({
      file,
      busyTimeoutMs,
      autocheckpointPages: this.autocheckpointPages,
    }));
  }

  /** The writer's automatic WAL checkpoints: 0 turns them off (another thread checkpoints the file). */
  setAutocheckpoint(pages: number): void {
    this.autocheckpointPages = pages;
    this.thread.tell({ type: 'autocheckpoint', pages });
  }

  async commit(appends: readonly AppendRequest[]): Promise<AppendOutcome[]> {
    const reply = await this.thread.request({ appends: flatAppends(appends) });
    if (!reply.outcomes) throw toError({ message: 'event writer: no answer' });
    return readOutcomes(reply.outcomes);
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
