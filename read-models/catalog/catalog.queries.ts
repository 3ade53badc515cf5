import type { CatalogIndex } from './catalog-index';
import { JsonText } from '../../kernel/ports/json-text';
import type { CataloguePage } from '../../contract/catalog';
import type { ReadStore } from '../../kernel/ports/read-store';
import { CATALOG_SORTS, type CatalogFilter, type CatalogSort, type SortPosition } from './catalog-query';
import { CATALOG_PROJECTS } from './catalog-doc';
import { DocumentCatalogIndex } from './document-catalog-index';
import type { ProjectCard } from './catalog-card';
import { currentPromotions } from '../../domain/catalog/promotions';

export { type CatalogSort, type CatalogPageRequest, type SortPosition } from './catalog-query';
export type { CatalogProjectDoc } from './catalog-doc';
export type { CatalogFacets } from './catalog-card';
export { fileUrl, type ProjectCard } from './catalog-card';

export interface CatalogQuery extends CatalogFilter {
  sort: CatalogSort;
  limit: number;
  cursor?: string;
}

/** A cursor that does not belong to the query (tampered, or from another sort). */
export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor');
    this.name = 'InvalidCursorError';
  }
}

type CursorValue = { s: CatalogSort; v: string | number; id: string };

const encodeCursor = (sort: CatalogSort, at: SortPosition): string =>
  Buffer.from(JSON.stringify({ s: sort, v: at.value, id: at.id } satisfies CursorValue)).toString('base64url');

const decodeCursor = (cursor: string, sort: CatalogSort): SortPosition => {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorValue;
    if (value.s !== sort || typeof value.id !== 'string' || (typeof value.v !== 'string' && typeof value.v !== 'number')) throw new InvalidCursorError();
    return { value: value.v, id: value.id };
  } catch {
    throw new InvalidCursorError();
  }
};

/**
 * The explore screen: filters, one of five sorts, keyset ("load more") pagination answered by the catalogue
 * index. The cursor is the last card's sort key plus its id (the tie-break), so following nextCursor with any
 * page size lists every matching card exactly once.
 */
/**
 * The page's answer as JSON text: the cards' own texts spliced in, never parsed to be stringified again, except
 * the few with a promotion: a card keeps every promotion published, the answer only those of Chile's month `now`.
 */
export const listCatalog = async (index: CatalogIndex, q: CatalogQuery, now: Date): Promise<JsonText<CataloguePage>> => {
  const { cursor, ...request } = q;
  const page = await index.page(CATALOG_PROJECTS, { ...request, after: cursor ? decodeCursor(cursor, q.sort) : undefined });
  const nextCursor = page.next ? encodeCursor(q.sort, page.next) : null;
  const items = page.cards.map((card) =>
    card.text.includes('"promotions":[]') ? card.text : JSON.stringify(withCurrentPromotions(JSON.parse(card.text), now)),
  );
  return new JsonText(`{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)},"total":${page.total}}`);
};

const withCurrentPromotions = <C extends Pick<ProjectCard, 'promotions'>>(card: C, now: Date): C =>
  card.promotions.length === 0 ? card : { ...card, promotions: currentPromotions(card.promotions, now) };

/** The visible cards among `ids`, by id (featured list, favourites), with the promotions of Chile's month `now`. */
export const catalogCards = async (store: ReadStore, ids: readonly string[], now: Date): Promise<Map<string, ProjectCard>> => {
  const cards = await new DocumentCatalogIndex(store).cards(CATALOG_PROJECTS, ids);
  return new Map(cards.map((c) => [c.id, withCurrentPromotions(c, now)]));
};

/** The values the explore screen's filters offer, with how many visible projects have each. */
export const catalogFacets = async (index: CatalogIndex) => ({ ...(await index.facets(CATALOG_PROJECTS)), sorts: CATALOG_SORTS });
