import { Worker } from 'node:worker_threads';
import type { ParsedTemplate, RenderedMail, TemplateEngine } from '../../application/mail/template-engine';

/**
 * Handlebars in a worker thread: parsing and rendering an admin's template never hold the event loop that
 * answers every other request (issue 47: 6,000 nested blocks held it 32 s). The worker's Handlebars has no
 * `log`, `lookup` or `with` helper (the save-time allow list refuses them; a template saved before is
 * refused here too). A call the worker has not answered in time ends the worker (a new one takes the next).
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const Handlebars = require(${JSON.stringify(require.resolve('handlebars'))});
const env = Handlebars.create();
for (const name of ['log', 'lookup', 'with']) env.unregisterHelper(name);
const firstLine = (e) => String((e && e.message) || e).split('\\n')[0];
parentPort.on('message', ({ id, op, sources, variables }) => {
  try {
    if (op === 'parse') {
      const result = sources.map((source) => {
        try {
          return { ast: env.parse(source) };
        } catch (e) {
          return { error: firstLine(e) };
        }
      });
      parentPort.postMessage({ id, result: JSON.parse(JSON.stringify(result)) });
      return;
    }
    const [subject, text, html] = sources;
    parentPort.postMessage({
      id,
      result: {
        subject: env.compile(subject, { noEscape: true, strict: false })(variables).replace(/\\s+/g, ' ').trim(),
        text: env.compile(text, { noEscape: true })(variables),
        html: env.compile(html)(variables),
      },
    });
  } catch (e) {
    parentPort.postMessage({ id, error: firstLine(e) });
  }
});
`;

/** A template that takes longer than this to parse or render is refused (the worker is replaced). */
const CALL_TIMEOUT_MS = 5_000;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

class HandlebarsWorkerEngine implements TemplateEngine {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private next = 0;

  parse(sources: readonly string[]): Promise<ParsedTemplate[]> {
    return this.call('parse', sources, {}) as Promise<ParsedTemplate[]>;
  }

  render(template: { subject: string; text: string; html: string }, variables: Readonly<Record<string, string | number>>): Promise<RenderedMail> {
    return this.call('render', [template.subject, template.text, template.html], variables) as Promise<RenderedMail>;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const call = this.pending.get(id);
      if (!call) return;
      this.pending.delete(id);
      clearTimeout(call.timer);
      if (error !== undefined) call.reject(new Error(error));
      else call.resolve(result);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, call] of this.pending) {
        clearTimeout(call.timer);
        call.reject(error);
        this.pending.delete(id);
      }
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('El procesador de plantillas se detuvo.')));
    this.worker = worker;
    return worker;
  }

  private call(op: 'parse' | 'render', sources: readonly string[], variables: Readonly<Record<string, string | number>>): Promise<unknown> {
    const worker = this.started();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('La plantilla tardó demasiado en procesarse.'));
        // The worker is stuck on it: ended, and a new one answers the next call.
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      }, CALL_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, op, sources: [...sources], variables: { ...variables } });
    });
  }
}

/** One worker per process, started on first use. */
export const sharedTemplateEngine = new HandlebarsWorkerEngine();
