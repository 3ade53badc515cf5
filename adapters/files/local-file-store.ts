import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileEntry, FileStore, StoredFile } from '../../kernel/ports/file-store';

const AREA = /^[a-z0-9-]{1,40}$/;
const REF = /^([a-z0-9-]{1,40})\/([0-9a-f-]{36})\.(pdf|png|jpg|gif|webp|svg|bin)$/;
/** A file a crash interrupted before its rename: never served, only listed and deleted. */
const PARTIAL = /^[a-z0-9-]{1,40}\/[0-9a-f-]{36}\.(pdf|png|jpg|gif|webp|svg|bin)\.part$/;
const EXTENSION: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};
const TYPE_OF: Record<string, string> = Object.fromEntries(Object.entries(EXTENSION).map(([type, ext]) => [ext, type]));

/** Files on local disk under `<root>/<area>/<uuid>.<ext>`, each fsync'd with its folder before it counts as stored. */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(area: string, bytes: Buffer, contentType: string): Promise<StoredFile> {
    if (!AREA.test(area)) throw new Error(`invalid file area ${area}`);
    const dir = path.join(this.root, area);
    await fs.mkdir(dir, { recursive: true });
    const fileRef = `${area}/${randomUUID()}.${EXTENSION[contentType] ?? 'bin'}`;
    const target = path.join(this.root, fileRef);
    const temp = `${target}.part`;
    const handle = await fs.open(temp, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
    const folder = await fs.open(dir, 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
    return { fileRef, size: bytes.length, contentType };
  }

  async get(fileRef: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    const match = REF.exec(fileRef);
    if (!match) return null;
    try {
      return { bytes: await fs.readFile(path.join(this.root, fileRef)), contentType: TYPE_OF[match[3]] ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(fileRef: string): Promise<void> {
    if (!REF.test(fileRef) && !PARTIAL.test(fileRef)) return;
    await fs.rm(path.join(this.root, fileRef), { force: true });
  }

  async list(area: string): Promise<readonly FileEntry[]> {
    if (!AREA.test(area)) throw new Error(`invalid file area ${area}`);
    let names: string[];
    try {
      names = await fs.readdir(path.join(this.root, area));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const entries: FileEntry[] = [];
    for (const name of names) {
      const fileRef = `${area}/${name}`;
      if (!REF.test(fileRef) && !PARTIAL.test(fileRef)) continue;
      const stat = await fs.stat(path.join(this.root, fileRef)).catch(() => null);
      if (stat?.isFile()) entries.push({ fileRef, modifiedAt: stat.mtime });
    }
    return entries;
  }
}
