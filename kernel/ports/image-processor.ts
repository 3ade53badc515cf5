/**
 * Prepares an uploaded picture before it is stored: an SVG is sanitised (no script, no external
 * reference), a raster image loses its metadata (GPS of the phone that took it) and gets resized copies
 * for cards and gallery thumbnails. The bytes have been sniffed already: the type is what they are.
 */
export interface PreparedFile {
  readonly bytes: Buffer;
  readonly contentType: string;
}

/** A picture's size in pixels (an SVG's from its width and height or viewBox), so pages reserve its room before it loads. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

export interface PreparedImage {
  readonly original: PreparedFile;
  /** The original's size (as shown: after the camera's orientation); null when it cannot be told (an SVG without one). */
  readonly size: ImageSize | null;
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
