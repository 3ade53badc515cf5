import { Worker } from 'node:worker_threads';

/** A failure the thread answered: its message and SQLite's code. */
export type ThreadFailure = { message: string; code?: string };

export const toError = (e: ThreadFailure) => Object.assign(new Error(e.message), e.code ? { code: e.code } : {});

/**
 * A worker thread (a module of worker-script.ts) that answers every request `{ id, ... }` with `{ id, ... }` or
 * `{ id, failed }`, started on the first request. While a request is in flight the thread keeps the process alive;
 * idle, it does not. An error it could not answer, or an exit, rejects what was in flight (never acknowledged) and
 * the next request starts a fresh thread (`onLost` lets the owner forget what the lost one knew). The event writer
 * and the read-model writer are two of these.
 */
export class RequestThread<Reply extends object> {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (e: unknown) => void }>();

  constructor(
    /** Named in the error of a thread that exited: "<name> thread exited (code n)". */
    private readonly name: string,
    /** The module it runs: workerScript(...). */
    private readonly file: string,
    private readonly workerData: () => object,
    private readonly onLost: () => void = () => undefined,
  ) {}

  request(message: Record<string, unknown>): Promise<Reply> {
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref(); // a request in flight keeps the process alive until it is answered
      worker.postMessage({ id, ...message });
    });
  }

  /** A message needing no answer, to a thread that runs (a new one starts from workerData). */
  tell(message: Record<string, unknown>): void {
    this.worker?.postMessage(message);
  }

  get running(): boolean {
    return this.worker !== undefined;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.ref(); // an unreferenced thread would let the process end before it closed its connection
    worker.postMessage({ type: 'close' });
    await exited;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.file, { workerData: this.workerData() });
    worker.on('message', (m: Reply & { id: number; failed?: ThreadFailure }) => {
      const waiter = this.waiting.get(m.id);
      if (!waiter) return;
      this.waiting.delete(m.id);
      if (this.waiting.size === 0) worker.unref();
      if (m.failed) waiter.reject(toError(m.failed));
      else waiter.resolve(m);
    });
    const lost = (error: unknown) => {
      if (this.worker === worker) this.worker = undefined;
      this.onLost();
      const waiting = [...this.waiting.values()];
      this.waiting.clear();
      for (const w of waiting) w.reject(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`${this.name} thread exited (code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
