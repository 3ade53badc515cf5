import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { SETTINGS } from '../../adapters/config-schema';

/**
 * The Dockerfile and docker-compose.yml, read as files: no Docker engine runs where the tests run, so what can drift
 * is checked here (the runtime tree the image copies is built and started by scripts/check-runtime-tree.sh, which
 * also runs the Dockerfile's HEALTHCHECK command against it).
 */
const REPO = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(REPO, file), 'utf8');

type Instruction = { readonly keyword: string; readonly args: string };

/** The Dockerfile's instructions, continuation lines joined, comments dropped, by stage (FROM starts one). */
const dockerfileStages = (): { readonly name: string; readonly instructions: Instruction[] }[] => {
  const logical = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: { name: string; instructions: Instruction[] }[] = [];
  for (const line of logical) {
    const [, keyword, args] = /^(\S+)\s+(.*)$/.exec(line)!;
    if (keyword.toUpperCase() === 'FROM') stages.push({ name: /\sAS\s+(\S+)$/i.exec(args)?.[1] ?? '', instructions: [] });
    stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
};

const argsOf = (instructions: Instruction[], keyword: string) => instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

/** An exec-form array (`["node", ...]`), or undefined for the shell form. */
const execForm = (args: string): string[] | undefined => (args.startsWith('[') ? (JSON.parse(args) as string[]) : undefined);

// Merge keys (<<: *platform) as docker compose resolves them.
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<
    string,
    {
      build?: { context: string; target: string };
      image?: string;
      command?: string[];
      volumes?: string[];
      environment?: Record<string, string>;
      healthcheck?: { test: string[] };
      ports?: string[];
    }
  >;
};
const ROLES = ['app', 'relay', 'projector'] as const;

describe('Dockerfile', () => {
  const stages = dockerfileStages();
  const runtime = stages.at(-1)!;
  const env = Object.fromEntries(argsOf(runtime.instructions, 'ENV').flatMap((args) => [...args.matchAll(/(\w+)=(\S+)/g)].map(([, k, v]) => [k, v])));

  it('builds in one stage and runs the runtime tree of scripts/runtime-tree.sh in a slim one', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'runtime']);
    const build = stages[0];
    const treeRun = argsOf(build.instructions, 'RUN').find((args) => args.includes('scripts/runtime-tree.sh'));
    expect(treeRun).toMatch(/npm run build && bash scripts\/runtime-tree\.sh (\/\S+)$/);
    const tree = /runtime-tree\.sh (\/\S+)$/.exec(treeRun!)![1];
    expect(argsOf(runtime.instructions, 'COPY')).toContain(`--from=build ${tree} /app`);
    expect(argsOf(runtime.instructions, 'FROM')[0]).toMatch(/-slim AS runtime$/);
    // Nothing but that tree comes into the runtime stage: no source, no devDependencies.
    expect(argsOf(runtime.instructions, 'COPY')).toHaveLength(1);
  });

  it('runs as a user that is not root, its data directory a volume that user owns', () => {
    const user = argsOf(runtime.instructions, 'USER');
    expect(user).toHaveLength(1);
    expect(user[0]).not.toMatch(/^(root|0)(:|$)/);
    expect(env.DATA_DIR).toMatch(/^\//);
    expect(
      argsOf(runtime.instructions, 'VOLUME')
        .map((v) => execForm(v) ?? [v])
        .flat(),
    ).toContain(env.DATA_DIR);
    expect(argsOf(runtime.instructions, 'RUN').join('\n')).toContain(`chown ${user[0]}:${user[0]} ${env.DATA_DIR}`);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.NODE_ENV).toBe('production');
    for (const name of Object.keys(env)) expect(SETTINGS).toHaveProperty(name);
  });

  it('starts node itself (exec form, no npm, no shell) on the compiled server, so SIGTERM reaches the server', () => {
    const cmd = argsOf(runtime.instructions, 'CMD');
    expect(cmd).toHaveLength(1);
    expect(execForm(cmd[0])).toEqual(['node', 'scripts/start.mjs', 'main']);
    expect(argsOf(runtime.instructions, 'ENTRYPOINT')).toEqual([]);
  });

  it('checks health on the readiness route, in exec form, on the port the server listens on', () => {
    const healthcheck = argsOf(runtime.instructions, 'HEALTHCHECK');
    expect(healthcheck).toHaveLength(1);
    const test = execForm(/\bCMD\s+(\[.*\])$/.exec(healthcheck[0])![1])!;
    expect(test.slice(0, 2)).toEqual(['node', '-e']);
    expect(test[2]).toContain('http://127.0.0.1:${process.env.PORT}/api/v1/health');
  });
});

describe('.dockerignore', () => {
  it('keeps out what the host installed, built or wrote: its native addons, dist/, data directories and secrets', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['.git', '**/node_modules', 'dist', 'data', '.env']));
  });
});

describe('docker-compose.yml', () => {
  const entries = read('scripts/build-server.mjs');

  it.each(ROLES)('%s runs the image built from the Dockerfile, without the source tree or tsx', (role) => {
    const service = compose.services[role];
    expect(service.build).toEqual({ context: '.', target: 'runtime' });
    expect(service.image).toBe(compose.services.app.image);
    expect(service.volumes).toEqual(['platform-data:/data']);
    const command = service.command ?? ['node', 'scripts/start.mjs', 'main'];
    expect(command.slice(0, 2)).toEqual(['node', 'scripts/start.mjs']);
    // The entry is one that scripts/build-server.mjs compiles into dist/server.
    expect(entries).toMatch(new RegExp(`^\\s+'?${command[2]}'?: '`, 'm'));
    expect(JSON.stringify(service)).not.toMatch(/\btsx\b|\bnpx\b/);
  });

  it.each(ROLES)('%s is configured only with settings the configuration schema knows', (role) => {
    const names = Object.keys(compose.services[role].environment ?? {});
    expect(names).toContain('MODE');
    // HEALTH_PORT is the relay's and the projector's own (adapters/kafka/health-server.ts).
    for (const name of names.filter((n) => n !== 'HEALTH_PORT')) expect(SETTINGS).toHaveProperty(name);
  });

  it('runs the API without the relay and the projectors, which run as their own services', () => {
    const app = compose.services.app;
    expect(app.environment).toMatchObject({ MODE: 'distributed', RUN_RELAY: 'off', RUN_PROJECTORS: 'off' });
    expect(app.ports).toEqual([`${app.environment!.PORT}:${app.environment!.PORT}`]);
    // The image's HEALTHCHECK (the readiness route) is the app's.
    expect(app.healthcheck).toBeUndefined();
    for (const role of ['relay', 'projector'] as const) {
      const { environment, healthcheck } = compose.services[role];
      expect(healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${environment!.HEALTH_PORT}/health`);
    }
  });

  it('starts the platform after the engines are healthy', () => {
    for (const role of ROLES) {
      expect(compose.services[role]).toMatchObject({
        depends_on: { eventstore: { condition: 'service_healthy' }, kafka: { condition: 'service_healthy' }, mongodb: { condition: 'service_healthy' } },
      });
    }
  });
});
