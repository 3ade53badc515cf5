import type { CatalogFacets, ProjectCard } from './catalog-card';
import type { CatalogPageRequest, SortPosition } from './catalog-query';
import type { JsonText } from '../../kernel/ports/json-text';
import { token } from '../../kernel/ports/token';

export interface CatalogPage {
  /** As JSON text: the explore answer sends them as they are (see JsonText). */
  cards: JsonText<ProjectCard>[];
  /** How many visible cards match the filters (all pages). */
  total: number;
  /** Where the next page starts; null on the last page. */
  next: SortPosition | null;
}

/**
 * CatalogIndex port: answers the explore screen's query (filters, five sorts, keyset pages, counts) from real
 * indexes instead of scanning the catalogue's documents. Embedded: SQLite tables with a column per filter
 * and sort and an FTS5 trigram table for the name search, kept beside the documents. Distributed: the
 * documents' own MongoDB indexes. tests/contract/catalog-index.contract.ts pins the behaviour of both.
 *
 * Every method names the catalogue collection it works on: a rebuild writes `<collection>__rebuild` and the
 * index must follow the switch (and the drop) of that collection. Neither index is written by the projection:
 * MongoDB's are the documents' own; the SQLite tables follow each card's write, in its transaction.
 */
export interface CatalogIndex {
  /** One page of visible cards matching the request, in its sort, with the total matching count. */
  page(collection: string, request: CatalogPageRequest): Promise<CatalogPage>;
  /** The visible cards among `ids` (in no particular order). */
  cards(collection: string, ids: readonly string[]): Promise<ProjectCard[]>;
  /** Counts of the visible cards per filter value. */
  facets(collection: string): Promise<CatalogFacets>;
}

/** Its DI token: the catalogue's search index (SQLite columns and FTS5 embedded, MongoDB indexes distributed). */
export const CATALOG_INDEX = token<CatalogIndex>('CatalogIndex');
