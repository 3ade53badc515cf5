import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Test apps start from a copy of a data directory the real platform seeded once, instead of seeding the demo
 * catalogue again: the seed is ~2.2 s of an embedded test app's ~2.7 s start on the CI machine (and ~5-8 s of a
 * distributed one's, whose template also holds a MongoDB database: distributedTemplate), and ~40 suites start an
 * app with the same environment. The template is made by the platform itself (started on it, read models caught
 * up, stopped cleanly), so a copy is exactly what a fresh start would have left, ids aside.
 *
 * A template serves the environment it was seeded with (every setting but the per-app directory and ports and the
 * request-time settings below), the code it was seeded by (the newest change under the source folders), and for
 * ten minutes at most, so that what the seed dates from "now" stays close to the tests' now.
 */
const ROOT = path.join(os.tmpdir(), 'plataforma-test-templates');
const BUCKET_MS = 10 * 60_000;
const PER_APP = ['DATA_DIR', 'PORT', 'SMTP_PORT'];
/**
 * Settings that steer requests, sessions, mail pacing and the map, never what the seed writes (it uses the demo
 * switches, the password and its KDF, and the data directory): apps that differ only in these share a template.
 */
const REQUEST_TIME = [
  'LOGIN_LIMIT_PER_ACCOUNT',
  'LOGIN_LIMIT_PER_ADDRESS',
  'LOGIN_DELAY_BASE_SECONDS',
  'MAIL_LIMIT_PER_RECIPIENT',
  'MAIL_LIMIT_PER_CLIENT',
  'MAIL_POLL_MS',
  'MAIL_RETRY_DELAY_MS',
  'TRUST_PROXY',
  'SESSION_TTL_SECONDS',
  'NOTIFICATION_DISPATCH_SECONDS',
  'MAP_TILE_URL',
  'MAP_TILE_ATTRIBUTION',
];

/**
 * What a template holds outside its directory (distributed mode: the read models in a MongoDB database), and how
 * an app gets its own copy of it.
 */
export interface TemplateEngines {
  /** Settings that name the app's own engine resources: they differ per app and change nothing the seed writes. */
  readonly perApp: readonly string[];
  /** A file in the template's directory that describes its engine resources (not copied into the app's directory). */
  readonly metaFile: string;
  /** Copies the template's engine resources to the app's; false when they are gone (the engines were restarted). */
  copy(template: string, env: Record<string, string>): Promise<boolean>;
  /** Removes the engine resources of a template that will not serve (an outdated one, or a race's loser). */
  discard(template: string): Promise<void>;
}

/** The code that writes a data directory: a template seeded by other code (an edit since) does not serve. */
const SOURCES = ['domain', 'contract', 'kernel', 'application', 'adapters', 'read-models'].map((dir) => path.resolve(__dirname, '../..', dir));

const newestChange = (dir: string): number => {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
};

let codeVersion: number | undefined;

const keyOf = (env: Record<string, string>, now: number, perApp: readonly string[]): string => {
  codeVersion ??= Math.max(...SOURCES.map(newestChange));
  const settings = Object.entries(env)
    .filter(([name]) => !perApp.includes(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const digest = createHash('sha256')
    .update(JSON.stringify([settings, codeVersion]))
    .digest('hex')
    .slice(0, 16);
  return `${digest}-${Math.floor(now / BUCKET_MS)}`;
};

/**
 * Fills `dataDir` from the template of `env`, seeding the template first with `seed` when there is none yet (and,
 * with `engines`, the app's engine resources from the template's). Jest's workers are separate processes: each
 * seeds into a directory of its own and renames it into place; the loser of a race throws its copy away.
 */
export const fromSeededTemplate = async (
  env: Record<string, string>,
  dataDir: string,
  seed: (templateDir: string) => Promise<void>,
  engines?: TemplateEngines,
): Promise<void> => {
  const now = Date.now();
  const template = path.join(ROOT, keyOf(env, now, [...PER_APP, ...REQUEST_TIME, ...(engines?.perApp ?? [])]));
  if (fs.existsSync(template)) {
    if (!engines || (await engines.copy(template, env))) return copyDirectory(template, dataDir, engines);
    await remove(template, engines); // its engine data is gone: seeded again below
  }
  fs.mkdirSync(ROOT, { recursive: true });
  const building = fs.mkdtempSync(path.join(ROOT, 'building-'));
  await seed(building);
  let kept = building;
  try {
    fs.renameSync(building, template);
    kept = template;
  } catch {
    // another worker's template is in place: this one serves this app, then goes
  }
  await forgetOldTemplates(now, engines);
  if (engines && !(await engines.copy(kept, env))) throw new Error(`the template just seeded in ${kept} lost its engine data`);
  copyDirectory(kept, dataDir, engines);
  if (kept === building) {
    await engines?.discard(building);
    fs.rmSync(building, { recursive: true, force: true });
  }
};

/** The template's directory into the app's, without the file that describes the template's engine resources. */
const copyDirectory = (template: string, dataDir: string, engines?: TemplateEngines): void =>
  fs.cpSync(template, dataDir, { recursive: true, filter: (source) => path.basename(source) !== engines?.metaFile });

/**
 * Moves a template out of the way at once (no other worker takes it from then on), then removes it and, with
 * `engines`, its engine resources. (A distributed template removed by an embedded run keeps its database: the
 * local engines hold it in memory until they stop.)
 */
const remove = async (full: string, engines?: TemplateEngines): Promise<void> => {
  const doomed = `${full}.removing-${process.pid}`;
  try {
    fs.renameSync(full, doomed);
  } catch {
    return; // another worker removes it
  }
  if (engines && fs.existsSync(path.join(doomed, engines.metaFile))) await engines.discard(doomed);
  fs.rmSync(doomed, { recursive: true, force: true });
};

/** Templates of earlier buckets (and builds a killed run left) are removed: they never serve again. */
const forgetOldTemplates = async (now: number, engines?: TemplateEngines): Promise<void> => {
  for (const name of fs.readdirSync(ROOT)) {
    const full = path.join(ROOT, name);
    // Other workers clean up too: the entry may be gone by now, and only the one whose rename wins removes it.
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat || now - stat.mtimeMs <= 2 * BUCKET_MS) continue;
    await remove(full, engines);
  }
};
