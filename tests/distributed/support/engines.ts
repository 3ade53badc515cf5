import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

export const KAFKA_BROKERS = process.env.KAFKA_BROKERS ?? '127.0.0.1:19092';
export const MONGODB_URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:17017';

const REPO_ROOT = path.resolve(__dirname, '../../..');

function hostPort(address: string): { host: string; port: number } {
  const withoutScheme = address
    .replace(/^[a-z+]+:\/\//, '')
    .split('/')[0]
    .split(',')[0];
  const [host, port] = withoutScheme.split(':');
  return { host, port: Number(port) };
}

export function reachable(address: string, timeoutMs = 2_000): Promise<boolean> {
  const { host, port } = hostPort(address);
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when the engines are the local ones engines/up.sh manages (so a test may stop and start Kafka). */
export function localEngines(): boolean {
  return hostPort(KAFKA_BROKERS).host === '127.0.0.1' && process.env.ENGINES_EXTERNAL !== '1';
}

/** Runs engines/up.sh or engines/down.sh for one engine; these wait for the port themselves. */
export async function engines(action: 'up' | 'down', engine: 'kafka' | 'mongo'): Promise<void> {
  await promisify(execFile)('bash', [path.join(REPO_ROOT, 'engines', `${action}.sh`), engine], {
    cwd: REPO_ROOT,
    timeout: 120_000,
  });
}
