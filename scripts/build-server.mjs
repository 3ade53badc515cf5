// `npm run build:server`: the server's TypeScript compiled by esbuild into dist/server, one CommonJS file per entry
// point (the API, the relay, the projector, the operator CLIs, and the three worker threads' modules), packages
// left to node_modules (`npm ci --omit=dev` installs exactly those). No type check here: `npm run typecheck` does it.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/server');

/** Entry point name (dist/server/<name>.js) -> source. The worker modules keep their names: worker-script.ts looks them up. */
export const ENTRY_POINTS = {
  main: 'adapters/main.ts',
  relay: 'adapters/kafka/relay-main.ts',
  projector: 'adapters/kafka/projector-main.ts',
  'rebuild-projection': 'adapters/cli/rebuild-projection.ts',
  'encrypt-personal-data': 'adapters/cli/encrypt-personal-data.ts',
  backup: 'adapters/cli/backup.ts',
  restore: 'adapters/cli/restore.ts',
  'event-writer.worker': 'adapters/embedded/event-writer.worker.ts',
  'sql-writer.worker': 'adapters/embedded/sql-writer.worker.ts',
  'checkpoint.worker': 'adapters/embedded/checkpoint.worker.ts',
};

const started = Date.now();
fs.rmSync(out, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(ENTRY_POINTS).map(([name, source]) => [name, path.join(root, source)])),
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20.12',
  packages: 'external',
  // Class names appear in operator messages and errors (OperatorError, the ports' adapters).
  keepNames: true,
  sourcemap: 'linked',
  logLevel: 'warning',
});
// Files the server reads beside its code (load-chile-territory.ts: `chile/` next to the module, here dist/server).
fs.cpSync(path.join(root, 'adapters/reference/chile'), path.join(out, 'chile'), { recursive: true });
console.log(`dist/server: ${Object.keys(ENTRY_POINTS).length} entry points in ${Date.now() - started} ms`);
