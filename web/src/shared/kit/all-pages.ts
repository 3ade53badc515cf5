import type { ListQuery, Page } from '../api/list-query';

/** The API's largest page (contract/common.ts): exports read as few pages as they can. */
export const EXPORT_PAGE_SIZE = 100;
/** A bound so a misbehaving server cannot keep an export reading forever. */
const MAX_PAGES = 500;

/** Every row of a filtered list, page after page, in the list's sort: what "export what is filtered" exports. */
export const fetchAllPages = async <T, Q extends ListQuery<Readonly<Record<string, string>>, string>>(
  fetchPage: (query: Q) => Promise<Page<T>>,
  query: Q,
): Promise<T[]> => {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await fetchPage({ ...query, pagination: { page, perPage: EXPORT_PAGE_SIZE } });
    rows.push(...answer.items);
    if (answer.items.length === 0 || rows.length >= answer.total) break;
  }
  return rows;
};
