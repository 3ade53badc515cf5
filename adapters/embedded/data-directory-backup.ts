import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from './sqlite-driver';
import * as tar from 'tar';
import { OperatorError } from '../operator-error';

/**
 * The databases of an embedded data directory, in the order they are copied. Each copy is a snapshot of its own
 * moment, so the order is what keeps them consistent with one another while the platform writes:
 * - read models and sessions first: their checkpoints are then at or behind the events copied next, and the
 *   restored platform replays what they miss (a checkpoint ahead of the events would skip the next appends);
 * - events, then keys: every person whose events are in the copy has a key in it (a person signed up after
 *   the events were copied only adds an unused key); a person erased in between loses their key in the copy,
 *   so they stay erased;
 * - the secret and the Web Push keys, then the files: an event refers to a file only once the file is stored, so every file the copied events name is there.
 */
const BACKUP_DATABASES = ['read-models.sqlite', 'sessions.sqlite', 'events.sqlite', 'keys.sqlite'] as const;
/** The platform secret (wraps the personal-data keys, signs tokens) and the Web Push keys the browsers subscribed with. */
const KEY_FILES = ['secret.key', 'vapid.json'];
const FILES_DIR = 'files';
const MANIFEST = 'manifest.json';
const FORMAT = 'vivienda-colaboradores/backup';

export interface BackupManifest {
  readonly format: typeof FORMAT;
  readonly version: 1;
  readonly createdAt: string;
  /** Every file of the archive but the manifest, with its size and SHA-256. */
  readonly entries: readonly { readonly path: string; readonly bytes: number; readonly sha256: string }[];
}

const sha256Of = (file: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });

const filesUnder = (root: string, dir = ''): string[] =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(root, path.join(dir, entry.name)) : entry.isFile() ? [path.join(dir, entry.name)] : []))
    .sort();

/**
 * SQLite's online backup of one database, taken from a connection of this process while the platform keeps
 * writing through its own: all pages in one step, so the copy is one read transaction's snapshot (copied in
 * small steps, a write by another connection would restart it, and under load it might never finish).
 */
const copyDatabase = async (source: string, target: string): Promise<void> => {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
};

/**
 * Writes `archive` (a gzipped tar) with a consistent copy of the embedded data directory `dataDir`, taken while
 * the platform runs or not: the databases (see BACKUP_DATABASES), the platform secret that wraps the personal-data
 * keys, the stored files, and a manifest with each file's SHA-256. The archive appears under its name only once
 * complete.
 */
export const backupDataDirectory = async (dataDir: string, archive: string): Promise<BackupManifest> => {
  if (!fs.existsSync(path.join(dataDir, 'events.sqlite')))
    throw new OperatorError(`No hay un directorio de datos en ${dataDir} (falta events.sqlite): revise DATA_DIR / No data directory at ${dataDir}`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'respaldo-'));
  const draft = `${archive}.${process.pid}.partial`;
  try {
    for (const name of BACKUP_DATABASES) {
      if (fs.existsSync(path.join(dataDir, name))) await copyDatabase(path.join(dataDir, name), path.join(staging, name));
    }
    for (const name of KEY_FILES) if (fs.existsSync(path.join(dataDir, name))) fs.copyFileSync(path.join(dataDir, name), path.join(staging, name));
    if (fs.existsSync(path.join(dataDir, FILES_DIR))) fs.cpSync(path.join(dataDir, FILES_DIR), path.join(staging, FILES_DIR), { recursive: true });
    const entries = [];
    for (const file of filesUnder(staging)) {
      entries.push({
        path: file.split(path.sep).join('/'),
        bytes: fs.statSync(path.join(staging, file)).size,
        sha256: await sha256Of(path.join(staging, file)),
      });
    }
    const manifest: BackupManifest = { format: FORMAT, version: 1, createdAt: new Date().toISOString(), entries };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.create({ gzip: true, file: draft, cwd: staging, portable: true }, [MANIFEST, ...entries.map((e) => e.path)]);
    fs.renameSync(draft, archive);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(draft, { force: true });
  }
};

const refused = (archive: string, why: string) =>
  new OperatorError(
    `El respaldo ${archive} está dañado o incompleto (${why}): no se restauró nada.\n` +
      `The backup ${archive} is damaged or incomplete (${why}): nothing was restored.`,
  );

const readManifest = (staging: string, archive: string): BackupManifest => {
  const file = path.join(staging, MANIFEST);
  if (!fs.existsSync(file)) throw refused(archive, `sin ${MANIFEST}`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw refused(archive, `${MANIFEST} ilegible`);
  }
  if (manifest.format !== FORMAT || manifest.version !== 1 || !Array.isArray(manifest.entries)) throw refused(archive, `${MANIFEST} de otro formato`);
  return manifest;
};

/** Every file the manifest lists is there with its size and SHA-256, no other file is, and the events are among them. */
const verify = async (staging: string, archive: string, manifest: BackupManifest): Promise<void> => {
  const listed = new Set(manifest.entries.map((e) => e.path));
  if (!listed.has('events.sqlite')) throw refused(archive, 'sin events.sqlite');
  for (const entry of manifest.entries) {
    const file = path.join(staging, ...entry.path.split('/'));
    if (!fs.existsSync(file)) throw refused(archive, `falta ${entry.path}`);
    if (fs.statSync(file).size !== entry.bytes || (await sha256Of(file)) !== entry.sha256)
      throw refused(archive, `${entry.path} no coincide con su suma de verificación`);
  }
  const extra = filesUnder(staging)
    .map((f) => f.split(path.sep).join('/'))
    .find((f) => f !== MANIFEST && !listed.has(f));
  if (extra) throw refused(archive, `${extra} no figura en el manifiesto`);
};

/**
 * Restores `archive` into `dir`, which must not exist or be empty: unpacked beside it, verified against the
 * manifest, and only then moved into place, so a refused archive leaves `dir` as it was.
 */
export const restoreDataDirectory = async (archive: string, dir: string): Promise<BackupManifest> => {
  if (!fs.existsSync(archive)) throw new OperatorError(`No existe el respaldo ${archive} / No backup at ${archive}`);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new OperatorError(`${dir} no está vacío: restaure en un directorio nuevo / ${dir} is not empty: restore into a new directory`);
  fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const staging = fs.mkdtempSync(`${path.resolve(dir)}.restaurando-`);
  try {
    try {
      await tar.extract({ file: archive, cwd: staging, strict: true });
    } catch (error) {
      throw refused(archive, (error as Error).message);
    }
    const manifest = readManifest(staging, archive);
    await verify(staging, archive, manifest);
    if (fs.existsSync(dir)) fs.rmdirSync(dir);
    fs.renameSync(staging, dir);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
};
