/** One entry of the featured list as its screen orders it. */
export interface FeaturedItem {
  readonly id: string;
  readonly name: string;
  readonly enabled: boolean;
}

/** The list with the item at `from` moved to `to` (both clamped to the list); the same list when nothing moves. */
export const moveItem = <T>(items: readonly T[], from: number, to: number): readonly T[] => {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from >= items.length || from === target) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved);
  return next;
};

/** What the live region says after a move (screen readers hear where the project landed). */
export const movedAnnouncement = (name: string, position: number, total: number): string => `${name} quedó en la posición ${position} de ${total}.`;

/** Featured projects in their order: the list answers them with their featuredOrder, not necessarily sorted. */
export const inFeaturedOrder = <T extends { featuredOrder: number | null; name: string }>(rows: readonly T[]): T[] =>
  rows.filter((r) => r.featuredOrder !== null).sort((a, b) => a.featuredOrder! - b.featuredOrder! || a.name.localeCompare(b.name, 'es'));

export const sameOrder = (a: readonly { id: string }[], b: readonly { id: string }[]) => a.length === b.length && a.every((item, i) => item.id === b[i].id);
