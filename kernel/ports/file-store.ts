/**
 * Where uploaded files live (spec §9 uploads): local disk under the data directory today; object storage
 * plugs in here later. A file gets a generated name: what the uploader called it never reaches a path.
 */
export interface StoredFile {
  readonly fileRef: string;
  readonly size: number;
  readonly contentType: string;
}

export interface FileStore {
  /** Durable when it resolves (written and fsync'd): only then may an event reference the file. */
  put(area: string, bytes: Buffer, contentType: string): Promise<StoredFile>;
  get(fileRef: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  delete(fileRef: string): Promise<void>;
  /**
   * Every file of an area with its last change, including what a crash left half-written: the sweep of
   * unreferenced files (application/catalog/catalog-file-sweep.ts) reads it.
   */
  list(area: string): Promise<readonly FileEntry[]>;
}

export interface FileEntry {
  readonly fileRef: string;
  readonly modifiedAt: Date;
}
