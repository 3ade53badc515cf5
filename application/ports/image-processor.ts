/**
 * Prepares an uploaded picture before it is stored: an SVG is sanitised (no script, no external
 * reference), a raster image loses its metadata (GPS of the phone that took it) and gets resized copies
 * for cards and gallery thumbnails. The bytes have been sniffed already: the type is what they are.
 */
export interface PreparedFile {
  readonly bytes: Buffer;
  readonly contentType: string;
}

export interface PreparedImage {
  readonly original: PreparedFile;
  /** Null for SVG, which scales as it is. */
  readonly variants: { readonly card: PreparedFile; readonly thumb: PreparedFile } | null;
}

export interface ImageProcessor {
  prepare(bytes: Buffer, contentType: string): Promise<PreparedImage>;
}

/** An SVG with active content that sanitising would have to change beyond recognition. */
export class UnsafeImageError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnsafeImageError';
  }
}
