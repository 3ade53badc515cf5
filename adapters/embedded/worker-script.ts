import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The worker threads' modules, beside this file in the source and compiled beside the server in dist/server. */
export type WorkerModule = 'event-writer.worker' | 'sql-writer.worker' | 'checkpoint.worker';

const compiled = new Map<WorkerModule, string>();

/**
 * The file a worker thread runs. From dist/ (`npm run build`: scripts/build-server.mjs compiles each worker
 * module beside the server) it is that .js file. From the TypeScript source (tests, `npm run dev`), a thread has
 * no TypeScript loader (Node 20 gives worker threads none of the parent's `--import` hooks, and tsx's own
 * require hook took ~260 ms a thread), so the module is compiled once by esbuild (a devDependency, present
 * wherever the source runs) into node_modules/.cache, from where it still finds better-sqlite3; the file is
 * named by its content, so processes share it and a changed module gets a new one.
 */
export const workerScript = (name: WorkerModule): string => {
  const built = path.join(__dirname, `${name}.js`);
  if (fs.existsSync(built)) return built;
  let file = compiled.get(name);
  if (!file) compiled.set(name, (file = compileFromSource(path.join(__dirname, `${name}.ts`), name)));
  return file;
};

const compileFromSource = (source: string, name: string): string => {
  // Loaded only here, from the source tree: a production install has no esbuild and never comes this way.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild');
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    write: false,
  });
  const code = outputFiles[0].text;
  const dir = path.join(findNodeModules(source), '.cache', 'vivienda-workers');
  const file = path.join(dir, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    // Written aside and renamed: another process may be writing or reading the same file at once.
    const draft = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(draft, code);
    fs.renameSync(draft, file);
  }
  return file;
};

const findNodeModules = (from: string): string => {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`no node_modules above ${from}`);
  }
};
