import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { UnsafeImageError, type ImageProcessor, type ImageSize, type PreparedImage } from '../../kernel/ports/image-processor';

/** Widths of the resized copies: a catalogue card and a gallery thumbnail (2x for dense screens). */
const CARD_WIDTH = 640;
const THUMB_WIDTH = 240;

/** Made on first use: most requests never sanitise an SVG, and a DOM is not free. */
let loaded: ReturnType<typeof createDOMPurify> | null = null;
const purifier = () => (loaded ??= createPurifier());
const createPurifier = () => {
  const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  // Any url(...) that is not a fragment of the same document (#gradient) would fetch from elsewhere.
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (/url\s*\(\s*['"]?\s*(?!#)/i.test(data.attrValue)) data.keepAttr = false;
  });
  return purify;
};

/** DOMPurify's SVG profile without anything that runs or loads: scripts, handlers, links, embedded documents, styles. */
const sanitizeSvg = (bytes: Buffer): Buffer => {
  const source = bytes.toString('utf8');
  const clean = purifier().sanitize(source, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['image', 'use', 'foreignObject', 'a', 'style', 'script', 'iframe', 'feImage'],
    FORBID_ATTR: ['href', 'xlink:href', 'style'],
  });
  if (!/^\s*<svg[\s>]/i.test(clean)) throw new UnsafeImageError('nothing of the SVG is left once sanitised');
  return Buffer.from(clean, 'utf8');
};

/** Looks like an SVG document: text whose first element is <svg> (after an XML declaration or comments). */
export const looksLikeSvg = (bytes: Buffer): boolean => {
  if (bytes.includes(0)) return false;
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
};

/** What libvips reads of the picture's header (an SVG's width and height, or its viewBox); null when it says nothing. */
const sizeOf = async (bytes: Buffer): Promise<ImageSize | null> => {
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
};

/** sharp (libvips): strips metadata, applies the camera's orientation, writes webp copies. */
export class SharpImageProcessor implements ImageProcessor {
  async prepare(bytes: Buffer, contentType: string): Promise<PreparedImage> {
    if (contentType === 'image/svg+xml') {
      const clean = sanitizeSvg(bytes);
      return { original: { bytes: clean, contentType }, size: await sizeOf(clean), variants: null };
    }
    const resized = (width: number) =>
      sharp(bytes, { animated: false, limitInputPixels: 100_000_000 }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    // The original keeps its format; rotate() bakes the orientation in and sharp drops EXIF unless asked to keep it.
    let original: Buffer, card: Buffer, thumb: Buffer, size: ImageSize | null;
    try {
      original = contentType === 'image/gif' ? bytes : await sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().toBuffer();
      [card, thumb, size] = await Promise.all([resized(CARD_WIDTH), resized(THUMB_WIDTH), sizeOf(original)]);
    } catch (error) {
      // The signature said image, the rest of the bytes do not (truncated, corrupt or crafted).
      throw new UnsafeImageError(`unreadable image: ${(error as Error).message}`);
    }
    return {
      original: { bytes: original, contentType },
      size,
      variants: { card: { bytes: card, contentType: 'image/webp' }, thumb: { bytes: thumb, contentType: 'image/webp' } },
    };
  }
}
