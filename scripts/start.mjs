// `npm start` (and the relay, projector and operator CLIs): runs the compiled server from dist/server. Builds
// first only what is missing or older than its sources (a fresh clone after `npm install`, or a checkout that
// changed code); a production install (`npm ci --omit=dev`, the Docker image) has no sources to compare and no
// build tools, and runs dist/ as it is. Usage: node scripts/start.mjs <entry> [args...], entry one of
// dist/server's (main, relay, projector, rebuild-projection, encrypt-personal-data, backup, restore).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));

const COMMON = ['package.json', 'package-lock.json', 'contract', 'domain'];
const PARTS = {
  server: {
    built: 'dist/server/main.js',
    sources: [...COMMON, 'adapters', 'application', 'read-models', 'kernel', 'scripts/build-server.mjs'],
    script: 'build:server',
  },
  web: { built: 'dist/web/index.html', sources: [...COMMON, 'web'], script: 'build:web' },
};
const SKIP = new Set(['node_modules', 'dist', '.vite']);

/** The newest modification time under `entry` (0 when it does not exist: a production install has no sources). */
const newest = (entry) => {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) if (!SKIP.has(child)) latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
};

const builtAt = (file) => {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return -1;
  }
};

const canBuild = () => {
  try {
    require.resolve('esbuild');
    require.resolve('vite');
    return true;
  } catch {
    return false;
  }
};

const [entry = 'main', ...args] = process.argv.slice(2);
const parts = entry === 'main' ? ['server', 'web'] : ['server'];
const stale = parts.filter((name) => {
  const part = PARTS[name];
  const built = builtAt(part.built);
  return built < 0 || part.sources.some((source) => newest(path.join(root, source)) > built);
});
if (stale.length > 0) {
  const missing = stale.filter((name) => builtAt(PARTS[name].built) < 0);
  if (canBuild()) {
    for (const name of stale) {
      console.error(
        `Compilando ${name === 'server' ? 'el servidor' : 'la aplicación web'} (npm run ${PARTS[name].script}): dist/ falta o es anterior al código`,
      );
      const run = spawnSync('npm', ['run', '--silent', PARTS[name].script], { cwd: root, stdio: 'inherit' });
      if (run.status !== 0) process.exit(run.status ?? 1);
    }
  } else if (missing.length > 0) {
    console.error('Falta dist/ y esta instalación no puede compilarlo (sin devDependencies): ejecute npm run build donde estén instaladas');
    process.exit(1);
  }
}

const file = path.join(root, 'dist/server', `${entry}.js`);
if (!fs.existsSync(file)) {
  console.error(`No existe dist/server/${entry}.js`);
  process.exit(2);
}
// The compiled entry reads its own arguments from process.argv[2...], as when run with `node <file> ...`.
process.argv = [process.argv[0], file, ...args];
require(file);
