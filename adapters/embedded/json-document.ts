import type { Document } from '../../application/ports/read-store';

/** A document as the store keeps it: plain JSON, and the text SQLite holds for it. */
export interface StoredDocument {
  readonly doc: Document;
  readonly json: string;
}

/**
 * Normalises a caller's document to JSON (Dates become ISO strings, undefined fields vanish), so the copy in
 * memory is exactly what a reload from SQLite would give and no caller keeps a reference into the store.
 */
export function toStored(doc: Record<string, unknown>): StoredDocument {
  const json = JSON.stringify(doc);
  return { doc: JSON.parse(json) as Document, json };
}

/** Deep copy of a JSON value; several times faster than a JSON round trip on the read path. */
export function copyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyJson) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) copy[key] = copyJson(field);
    return copy as T;
  }
  return value;
}
