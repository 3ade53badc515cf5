import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Embedded test apps start from a copy of a data directory the real platform seeded once, instead of seeding
 * the demo catalogue again: the seed is ~2.2 s of a test app's ~2.7 s start on the CI machine, and ~40 suites
 * start an app with the same environment. The template is made by the platform itself (started on it, read
 * models caught up, stopped cleanly), so a copy is exactly what a fresh start would have left, ids aside.
 *
 * A template serves the environment it was seeded with (every setting but the per-app directory and ports), the
 * code it was seeded by (the newest change under the source folders), and for ten minutes at most, so that
 * what the seed dates from "now" stays close to the tests' now.
 */
const ROOT = path.join(os.tmpdir(), 'plataforma-test-templates');
const BUCKET_MS = 10 * 60_000;
const PER_APP = new Set(['DATA_DIR', 'PORT', 'SMTP_PORT']);

/** The code that writes a data directory: a template seeded by other code (an edit since) does not serve. */
const SOURCES = ['domain', 'application', 'adapters', 'read-models'].map((dir) => path.resolve(__dirname, '../..', dir));

const newestChange = (dir: string): number => {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
};

let codeVersion: number | undefined;

const keyOf = (env: Record<string, string>, now: number): string => {
  codeVersion ??= Math.max(...SOURCES.map(newestChange));
  const settings = Object.entries(env)
    .filter(([name]) => !PER_APP.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const digest = createHash('sha256')
    .update(JSON.stringify([settings, codeVersion]))
    .digest('hex')
    .slice(0, 16);
  return `${digest}-${Math.floor(now / BUCKET_MS)}`;
};

/**
 * Fills `dataDir` from the template of `env`, seeding the template first with `seed` when there is none yet.
 * Jest's workers are separate processes: each seeds into a directory of its own and renames it into place;
 * the loser of a race throws its copy away.
 */
export const fromSeededTemplate = async (env: Record<string, string>, dataDir: string, seed: (templateDir: string) => Promise<void>): Promise<void> => {
  const now = Date.now();
  const template = path.join(ROOT, keyOf(env, now));
  if (!fs.existsSync(template)) {
    fs.mkdirSync(ROOT, { recursive: true });
    const building = fs.mkdtempSync(path.join(ROOT, 'building-'));
    await seed(building);
    try {
      fs.renameSync(building, template);
    } catch {
      fs.rmSync(building, { recursive: true, force: true }); // another worker's template is in place
    }
    forgetOldTemplates(now);
  }
  fs.cpSync(template, dataDir, { recursive: true });
};

/** Templates of earlier buckets (and builds a killed run left) are removed: they never serve again. */
const forgetOldTemplates = (now: number): void => {
  for (const name of fs.readdirSync(ROOT)) {
    const full = path.join(ROOT, name);
    // Other workers clean up too: the entry may be gone by now, and only the one whose rename wins removes it.
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat || now - stat.mtimeMs <= 2 * BUCKET_MS) continue;
    const doomed = `${full}.removing-${process.pid}`;
    try {
      fs.renameSync(full, doomed);
    } catch {
      continue;
    }
    fs.rmSync(doomed, { recursive: true, force: true });
  }
};
