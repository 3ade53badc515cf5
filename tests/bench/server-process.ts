import 'reflect-metadata';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { EncryptingEventStore } from '../../application/personal-data/encrypting-event-store';
import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import { signup, startTestApp, tokenFromMail, type TestApp } from '../support/test-app';
import { cpuMsOf } from './stats';

/**
 * The platform under benchmark, in a process of its own (tests/bench/server.ts starts it): the clients
 * then compete with the server for the CPU only, not for its event loop, as real buyers would. Talks to its
 * parent over IPC: `ready` with the URL; `buyers` (verified accounts, made here because the verification
 * mail arrives at this process's SMTP sink); `stop`.
 */
type Request =
  | { id: number; type: 'buyers'; count: number }
  | { id: number; type: 'profile'; action: 'start' | 'stop'; file?: string }
  | { id: number; type: 'stats' }
  | { id: number; type: 'settled' }
  | { id: number; type: 'stop' };

/** TCP connections the HTTP server accepted: a client that had to reconnect under load shows up here. */
let connections = 0;
let closedByClient = 0;
let closedByServer = 0;
/** How long the event loop was held at a stretch: what a request arriving meanwhile waits before it is read. */
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
const emit = net.Server.prototype.emit;
net.Server.prototype.emit = function (this: net.Server, event: string | symbol, ...args: unknown[]) {
  // HTTP only: this process also runs the SMTP sink, whose every delivered mail is a connection of its own.
  if (event === 'connection' && this instanceof http.Server) {
    connections++;
    // Who ended it: the client's FIN arrives as 'end' before 'close'; a close without it is the server's.
    const socket = args[0] as net.Socket;
    let clientEnded = false;
    socket.once('end', () => (clientEnded = true));
    socket.once('close', () => (clientEnded ? closedByClient++ : closedByServer++));
  }
  return (emit as (event: string | symbol, ...args: unknown[]) => boolean).call(this, event, ...args);
} as typeof emit;

/** CPU time (ms) of this process's threads so far, from /proc: the event loop's thread apart from the rest (writer, GC, libuv). */
const cpuMs = (): { mainMs: number; processMs: number } | Record<string, never> => {
  try {
    return { mainMs: cpuMsOf(`/proc/self/task/${process.pid}/stat`), processMs: cpuMsOf('/proc/self/stat') };
  } catch {
    return {};
  }
};

/** CPU profile of one phase only (BENCH_PROFILE=dir), through the inspector rather than --cpu-prof. */
const profiler = new Session();

const verifiedBuyer = async (app: TestApp) => {
  const c = app.client();
  const body = signup();
  await c.post('/api/v1/auth/register', body);
  const mail = await app.mail.waitFor((m) => m.to.includes(body.workEmail));
  const verified = await c.post('/api/v1/auth/verify-email', { token: tokenFromMail(mail.text) });
  if (verified.status >= 300) throw new Error(`verify-email: ${verified.status}`);
  return { email: body.workEmail, password: body.password };
};

const main = async () => {
  const app = await startTestApp(JSON.parse(process.argv[2] ?? '{}') as Record<string, string>);
  const send = (message: unknown) => process.send!(message);
  process.on('message', (request: Request) => {
    void (async () => {
      try {
        if (request.type === 'buyers') {
          const buyers = [];
          for (let i = 0; i < request.count; i++) buyers.push(await verifiedBuyer(app));
          send({ id: request.id, result: buyers });
        } else if (request.type === 'profile') {
          if (request.action === 'start') {
            profiler.connect();
            await profiler.post('Profiler.enable');
            await profiler.post('Profiler.start');
          } else {
            const { profile } = await profiler.post('Profiler.stop');
            fs.mkdirSync(path.dirname(request.file!), { recursive: true }); // BENCH_PROFILE may name a directory not made yet
            fs.writeFileSync(request.file!, JSON.stringify(profile));
            profiler.disconnect();
          }
          send({ id: request.id, result: null });
        } else if (request.type === 'settled') {
          // Until nothing more follows: the read models at the head, and what the event handlers append in turn (the
          // reservation process, the notifications): work of the reservations too, which must not fall after the clock.
          await app.settled(120_000);
          send({ id: request.id, result: null });
        } else if (request.type === 'stats') {
          const decorated = app.platform.container.get<EventStore>(TOKENS.EventStore);
          const events = decorated instanceof EncryptingEventStore ? decorated.undecorated : decorated;
          const delay = { loopDelayP99Ms: loopDelay.percentile(99) / 1e6, loopDelayMaxMs: loopDelay.max / 1e6 };
          loopDelay.reset();
          send({
            id: request.id,
            result: {
              connections,
              closedByClient,
              closedByServer,
              ...delay,
              ...cpuMs(),
              ...(events instanceof SqliteEventStore ? { ...events.commitStats, ...events.readStats } : {}),
            },
          });
        } else {
          await app.stop();
          send({ id: request.id, result: null });
          process.exit(0);
        }
      } catch (error) {
        send({ id: request.id, error: String((error as Error).stack ?? error) });
      }
    })();
  });
  send({ type: 'ready', url: app.url });
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
