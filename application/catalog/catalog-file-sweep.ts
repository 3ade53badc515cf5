import { referencedCatalogFiles } from '../../read-models/project-detail/project-detail.queries';
import type { Clock } from '../../kernel/ports/clock';
import type { FileStore } from '../../kernel/ports/file-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { CATALOG_FILES } from './catalog-administration';

/**
 * Files no event references are removed (issue 10). A picture or plan is stored before the event that names
 * it, so a crash between the two, a removed image whose delete failed, a unit's plan replaced, or a write cut
 * short (`.part`) leave files behind. A file younger than `graceMs` is kept whatever the read model says: its
 * event may still be on its way (an upload in progress, a projection behind).
 */
export class CatalogFileSweep {
  constructor(
    private readonly deps: { files: FileStore; readStore: ReadStore; clock: Clock },
    private readonly graceMs: number,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  /** Deletes the area's unreferenced files older than the grace period; answers what it deleted. */
  async sweep(now: Date = this.deps.clock.now()): Promise<string[]> {
    const cutoff = now.getTime() - this.graceMs;
    const old = (await this.deps.files.list(CATALOG_FILES)).filter((f) => f.modifiedAt.getTime() < cutoff);
    if (old.length === 0) return [];
    const referenced = await referencedCatalogFiles(this.deps.readStore);
    const orphans = old.map((f) => f.fileRef).filter((ref) => !referenced.has(ref));
    for (const ref of orphans) await this.deps.files.delete(ref);
    if (orphans.length > 0) this.log(`catalogue files: ${orphans.length} unreferenced file(s) removed`);
    return orphans;
  }
}
