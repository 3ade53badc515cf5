import { execFileSync } from 'node:child_process';

const KURRENTDB_IMAGE = process.env.KURRENTDB_IMAGE ?? 'kurrentplatform/kurrentdb:25.0';

export type EsdbTarget = { kind: 'url'; url: string } | { kind: 'docker' } | { kind: 'none'; reason: string };

/**
 * Where the EventStoreDB contract can run, decided synchronously (describe vs describe.skip):
 * EVENTSTORE_URL first, else a KurrentDB container when a Docker engine answers and testcontainers loads.
 */
export function esdbTarget(): EsdbTarget {
  if (process.env.EVENTSTORE_URL) return { kind: 'url', url: process.env.EVENTSTORE_URL };
  if (!dockerEngineAnswers()) {
    return { kind: 'none', reason: 'EVENTSTORE_URL is not set and no Docker engine answers (`docker version` has no server)' };
  }
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('testcontainers');
  } catch (error) {
    // testcontainers 12 pulls undici 8, which needs Node 22 (it crashes at import on Node 20); 11.x loads.
    return { kind: 'none', reason: `a Docker engine answers but testcontainers cannot load on Node ${process.version}: ${String(error)}` };
  }
  return { kind: 'docker' };
}

function dockerEngineAnswers(): boolean {
  try {
    const version = execFileSync('docker', ['version', '--format', '{{.Server.Version}}'], {
      timeout: 5_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return version.toString().trim().length > 0;
  } catch {
    return false;
  }
}

/** Starts an insecure, in-memory single-node KurrentDB; resolves its connection string and a stop function. */
export async function startKurrentDb(): Promise<{ url: string; stop(): Promise<void> }> {
  // Loaded lazily: importing testcontainers has side effects (and fails on Node 20 with testcontainers 12).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { GenericContainer, Wait } = require('testcontainers') as typeof import('testcontainers');
  const container = await new GenericContainer(KURRENTDB_IMAGE)
    .withExposedPorts(2113)
    .withEnvironment({
      KURRENTDB_CLUSTER_SIZE: '1',
      KURRENTDB_RUN_PROJECTIONS: 'None',
      KURRENTDB_INSECURE: 'true',
      KURRENTDB_MEM_DB: 'true',
    })
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}
