import type { ImageCategory, ProjectImage } from '../api/catalog-media-api';

/** The picture categories in the order the screen shows them, with their Spanish names. */
export const IMAGE_CATEGORY_LABELS: Readonly<Record<ImageCategory, string>> = {
  cover: 'Portada',
  gallery: 'Galería',
  card: 'Tarjeta',
  additional: 'Adicionales',
  project: 'Proyecto',
  unit: 'Unidades',
};
export const IMAGE_CATEGORY_ORDER = Object.keys(IMAGE_CATEGORY_LABELS) as ImageCategory[];

export interface ImageGroup {
  readonly category: ImageCategory;
  readonly label: string;
  readonly images: readonly ProjectImage[];
}

/** Every category (empty ones too), each with its pictures in display order. */
export const groupImages = (images: readonly ProjectImage[]): ImageGroup[] =>
  IMAGE_CATEGORY_ORDER.map((category) => ({
    category,
    label: IMAGE_CATEGORY_LABELS[category],
    images: images.filter((i) => i.category === category).sort((a, b) => a.order - b.order),
  }));

/** Where a picture lands when moved `delta` places within its category; null when it cannot move that way. */
export const movedIndex = (ids: readonly string[], id: string, delta: number): number | null => {
  const from = ids.indexOf(id);
  const to = from + delta;
  return from < 0 || to < 0 || to >= ids.length || delta === 0 ? null : to;
};

/** The ids after moving one to `to` (what the screen shows until the server confirms). */
export const moveTo = <T>(items: readonly T[], from: number, to: number): T[] => {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
};

/** The polite announcement after a move: where the picture is now. */
export const movedAnnouncement = (name: string, index: number, count: number, category: ImageCategory): string =>
  `«${name}» quedó en la posición ${index + 1} de ${count} en ${IMAGE_CATEGORY_LABELS[category]}.`;
