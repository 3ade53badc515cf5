import type { CatalogIndex, CatalogPage } from '../../read-models/catalog/catalog-index';
import { JsonText } from '../../kernel/ports/json-text';
import { normaliseName } from '../../domain/reference/chile-territory';
import { facetsOf, isVisible, projectCard, type CatalogFacets, type ProjectCard } from '../../read-models/catalog/catalog-card';
import { CATALOG_PROJECTS, type CatalogProjectDoc } from '../../read-models/catalog/catalog-doc';
import { MAX_BEDROOMS, SORT_KEYS, type CatalogFilter, type CatalogPageRequest, type CatalogSort } from '../../read-models/catalog/catalog-query';
import type { SqliteDatabase } from './sqlite-database';
import type { SqliteReadStore } from './sqlite-read-store';
import type { SqlWrites } from './document-tables';

/**
 * One narrow row per catalogue card and collection, a column for every filter and sort and the card's write
 * counter `_w`; the public card as JSON beside it in
 * catalog_cards (keyed by the entry's rowid), so a page is answered without touching the documents. One
 * index covers every filter column: a count, whatever the filters, reads that index alone (no row lookups). An index per sort, led by (collection, visible) and ending with the id that
 * breaks ties, makes a page a range scan that stops after `limit` rows. Amenities are a child table (a
 * project has several); bedrooms are bits of one integer (0..20). The name search is an FTS5 trigram table
 * over `search_text` (substring match with an index); it follows the entries by triggers.
 *
 * Rebuilds write `catalog_projects__rebuild`, then the read store renames it over the live collection (or
 * drops it): triggers on the read store's `collections` table move or delete the entries in the same
 * transaction as the rename or drop, so the index switches exactly when the documents do.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS catalog_entries (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    written INTEGER NOT NULL,
    visible INTEGER NOT NULL,
    commune TEXT,
    asset_type TEXT,
    build_status TEXT,
    price_from REAL,
    bedrooms INTEGER NOT NULL,
    featured_key TEXT NOT NULL,
    name_key TEXT NOT NULL,
    newest_key TEXT NOT NULL,
    price_asc_key REAL NOT NULL,
    price_desc_key REAL NOT NULL,
    search_text TEXT NOT NULL,
    amenities TEXT NOT NULL,
    UNIQUE (collection, id)
  );
  CREATE TABLE IF NOT EXISTS catalog_cards (entry INTEGER PRIMARY KEY, card TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS catalog_by_featured ON catalog_entries (collection, visible, featured_key, id);
  CREATE INDEX IF NOT EXISTS catalog_by_name ON catalog_entries (collection, visible, name_key, id);
  CREATE INDEX IF NOT EXISTS catalog_by_newest ON catalog_entries (collection, visible, newest_key DESC, id);
  CREATE INDEX IF NOT EXISTS catalog_by_price_asc ON catalog_entries (collection, visible, price_asc_key, id);
  CREATE INDEX IF NOT EXISTS catalog_by_price_desc ON catalog_entries (collection, visible, price_desc_key DESC, id);
  CREATE INDEX IF NOT EXISTS catalog_by_filters ON catalog_entries (collection, visible, asset_type, build_status, commune, price_from, bedrooms);
  CREATE TABLE IF NOT EXISTS catalog_amenities (
    collection TEXT NOT NULL,
    amenity TEXT NOT NULL,
    id TEXT NOT NULL,
    PRIMARY KEY (collection, amenity, id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS catalog_amenities_of ON catalog_amenities (collection, id);
  CREATE VIRTUAL TABLE IF NOT EXISTS catalog_search USING fts5(
    search_text, content = 'catalog_entries', content_rowid = 'rowid', tokenize = 'trigram remove_diacritics 1'
  );
  CREATE TRIGGER IF NOT EXISTS catalog_search_insert AFTER INSERT ON catalog_entries BEGIN
    INSERT INTO catalog_search (rowid, search_text) VALUES (new.rowid, new.search_text);
  END;
  CREATE TRIGGER IF NOT EXISTS catalog_search_delete AFTER DELETE ON catalog_entries BEGIN
    INSERT INTO catalog_search (catalog_search, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
    DELETE FROM catalog_cards WHERE entry = old.rowid;
  END;
  CREATE TRIGGER IF NOT EXISTS catalog_search_update AFTER UPDATE OF search_text ON catalog_entries
    WHEN old.search_text IS NOT new.search_text BEGIN
    INSERT INTO catalog_search (catalog_search, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
    INSERT INTO catalog_search (rowid, search_text) VALUES (new.rowid, new.search_text);
  END;
  CREATE TRIGGER IF NOT EXISTS catalog_follows_rename AFTER UPDATE OF name ON collections BEGIN
    UPDATE catalog_entries SET collection = new.name WHERE collection = old.name;
    UPDATE catalog_amenities SET collection = new.name WHERE collection = old.name;
  END;
  CREATE TRIGGER IF NOT EXISTS catalog_follows_drop AFTER DELETE ON collections BEGIN
    DELETE FROM catalog_entries WHERE collection = old.name;
    DELETE FROM catalog_amenities WHERE collection = old.name;
  END;
`;

const SORT_COLUMNS: Record<CatalogSort, string> = {
  featured: 'featured_key',
  name: 'name_key',
  newest: 'newest_key',
  price_asc: 'price_asc_key',
  price_desc: 'price_desc_key',
};

/** FTS5 trigram matches substrings of three characters or more; shorter searches scan `search_text`. */
const TRIGRAM = 3;

type Entry = {
  collection: string;
  id: string;
  written: number;
  visible: number;
  commune: string | null;
  asset_type: string | null;
  build_status: string | null;
  price_from: number | null;
  bedrooms: number;
  featured_key: string;
  name_key: string;
  newest_key: string;
  price_asc_key: number;
  price_desc_key: number;
  search_text: string;
  /** JSON of the amenities, to tell whether catalog_amenities needs rewriting. */
  amenities: string;
  card: string;
};

/** Columns an index or the search reads: a write that changes none of them only touches the row and the card. */
const INDEXED_COLUMNS = [
  'visible',
  'commune',
  'asset_type',
  'build_status',
  'price_from',
  'bedrooms',
  'featured_key',
  'name_key',
  'newest_key',
  'price_asc_key',
  'price_desc_key',
  'search_text',
] as const;

const UPSERT = `
  INSERT INTO catalog_entries (collection, id, written, visible, commune, asset_type, build_status, price_from, bedrooms,
    featured_key, name_key, newest_key, price_asc_key, price_desc_key, search_text, amenities)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (collection, id) DO UPDATE SET written = excluded.written, visible = excluded.visible, commune = excluded.commune,
    asset_type = excluded.asset_type, build_status = excluded.build_status, price_from = excluded.price_from,
    bedrooms = excluded.bedrooms, featured_key = excluded.featured_key, name_key = excluded.name_key,
    newest_key = excluded.newest_key, price_asc_key = excluded.price_asc_key, price_desc_key = excluded.price_desc_key,
    search_text = excluded.search_text, amenities = excluded.amenities`;
const TOUCH = 'UPDATE catalog_entries SET written = ?, amenities = ? WHERE collection = ? AND id = ?';
/** By the entry's key, not its rowid: a writer thread's transaction is built before the entry's row exists. */
const PUT_CARD = `INSERT INTO catalog_cards (entry, card) SELECT rowid, ? FROM catalog_entries WHERE collection = ? AND id = ?
  ON CONFLICT (entry) DO UPDATE SET card = excluded.card`;
const REMOVE = 'DELETE FROM catalog_entries WHERE collection = ? AND id = ?';
const CLEAR_AMENITIES = 'DELETE FROM catalog_amenities WHERE collection = ? AND id = ?';
const ADD_AMENITY = 'INSERT OR IGNORE INTO catalog_amenities (collection, amenity, id) VALUES (?, ?, ?)';

const bedroomBits = (bedrooms: readonly number[]): number =>
  bedrooms.reduce((bits, b) => (Number.isInteger(b) && b >= 0 && b <= MAX_BEDROOMS ? bits | (1 << b) : bits), 0);

const entryOf = (collection: string, doc: CatalogProjectDoc): Entry => ({
  collection,
  id: doc._id,
  written: typeof doc._w === 'number' ? doc._w : 0,
  visible: isVisible(doc) ? 1 : 0,
  commune: doc.communeCode ?? null,
  asset_type: doc.assetType ?? null,
  build_status: doc.buildStatus ?? null,
  price_from: doc.priceFromUF ?? null,
  bedrooms: bedroomBits(doc.bedrooms ?? []),
  featured_key: doc.sortKeys?.featured ?? '',
  name_key: doc.sortKeys?.name ?? '',
  newest_key: doc.sortKeys?.newest ?? '',
  price_asc_key: doc.sortKeys?.priceAsc ?? 0,
  price_desc_key: doc.sortKeys?.priceDesc ?? 0,
  search_text: doc.searchText ?? '',
  amenities: JSON.stringify(doc.features ?? []),
  card: JSON.stringify(projectCard(doc)),
});

type Statement = ReturnType<SqliteDatabase['prepare']> & { get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };

const MAX_PREPARED = 256;
/** Totals kept at most, one per filter combination asked since the file last changed. */
const MAX_TOTALS = 256;

/** A WHERE clause and its parameters. */
type Clause = { sql: string; params: (string | number)[] };

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * The filters as SQL over catalog_entries `e`, and a name search the trigram index can answer (three characters or
 * more) apart, as its FTS5 phrase (the whole term, quotes doubled): the page tests entries against its matches
 * (matchClause), the count starts from them (see count).
 */
const filtersOf = (collection: string, q: CatalogFilter): { clauses: Clause[]; match?: string } => {
  const clauses: Clause[] = [{ sql: 'e.collection = ? AND e.visible = 1', params: [collection] }];
  const search = q.search ? normaliseName(q.search) : '';
  const match = search.length >= TRIGRAM ? `"${search.replace(/"/g, '""')}"` : undefined;
  if (search && !match) clauses.push({ sql: 'instr(e.search_text, ?) > 0', params: [search] });
  if (q.communes?.length) clauses.push({ sql: `e.commune IN (${placeholders(q.communes)})`, params: q.communes });
  if (q.propertyTypes?.length) clauses.push({ sql: `e.asset_type IN (${placeholders(q.propertyTypes)})`, params: q.propertyTypes });
  if (q.buildStatuses?.length) clauses.push({ sql: `e.build_status IN (${placeholders(q.buildStatuses)})`, params: q.buildStatuses });
  if (q.bedrooms?.length) clauses.push({ sql: '(e.bedrooms & ?) != 0', params: [bedroomBits(q.bedrooms)] });
  for (const amenity of new Set(q.amenities ?? [])) {
    clauses.push({ sql: 'e.id IN (SELECT id FROM catalog_amenities WHERE collection = ? AND amenity = ?)', params: [collection, amenity] });
  }
  // Both bounds compare the card's "from" price; NULL (no available unit) fails every comparison.
  if (q.priceFrom !== undefined) clauses.push({ sql: 'e.price_from >= ?', params: [q.priceFrom] });
  if (q.priceTo !== undefined) clauses.push({ sql: 'e.price_from <= ?', params: [q.priceTo] });
  return { clauses, match };
};

const matchClause = (match: string): Clause => ({ sql: 'e.rowid IN (SELECT rowid FROM catalog_search WHERE catalog_search MATCH ?)', params: [match] });

const where = (clauses: readonly Clause[]): Clause => ({ sql: clauses.map((c) => c.sql).join(' AND '), params: clauses.flatMap((c) => c.params) });

/** The catalogue's collection, and its copy a rebuild writes (`catalog_projects__rebuild`). */
const isCatalogue = (collection: string): boolean => collection === CATALOG_PROJECTS || collection.startsWith(`${CATALOG_PROJECTS}__`);

/** The embedded mode's catalogue index: SQLite tables in the read-model file (see SCHEMA). */
export class SqliteCatalogIndex implements CatalogIndex {
  private static readonly byStore = new WeakMap<SqliteReadStore, SqliteCatalogIndex>();
  private readonly db: SqliteDatabase;
  /** Prepared statements by SQL text: a handful of query shapes repeat. */
  private readonly prepared = new Map<string, Statement>();
  /** How many cards match, by count SQL and parameters, while the file is as it was when they were counted (see count). */
  private readonly totals = new Map<string, number>();
  /** The file's state the totals were counted at: this connection's row changes and the file's version (other connections' commits). */
  private totalsAt = { changes: -1, version: -1 };
  private readonly fileState: Statement;
  /**
   * Entries written by transactions not yet in the file (a writer thread's, SqliteReadStore.open), by collection
   * and id; null for a removed one. The next write of the same card compares against these, not the file.
   */
  private readonly unsettled = new Map<string, Entry | null>();

  /**
   * The index of `store`'s catalogue, made once per store. Take it right after opening the store, before any
   * card is written: the entries follow the cards' writes from then on (a card written before has none).
   */
  static of(store: SqliteReadStore): SqliteCatalogIndex {
    let index = SqliteCatalogIndex.byStore.get(store);
    if (!index) SqliteCatalogIndex.byStore.set(store, (index = new SqliteCatalogIndex(store)));
    return index;
  }

  /**
   * An entry is written in the transaction that makes its card durable (SqliteReadStore.follow): card and entry
   * agree after any crash, and a card changed by 30 events of one delivery is indexed once, at its end. (Each
   * event used to refresh the entry in a transaction of its own, a fifth of a reservation's read-side work.)
   */
  private constructor(store: SqliteReadStore) {
    const db = (this.db = store.database);
    db.exec(SCHEMA);
    this.fileState = db.prepare('SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version');
    // Reads on this connection: the file as committed. What a writer thread still has in flight is `unsettled`.
    const stored = db.prepare<[string, string], Omit<Entry, 'card'> & { card: string | null }>(
      'SELECT e.*, c.card AS card FROM catalog_entries e LEFT JOIN catalog_cards c ON c.entry = e.rowid WHERE e.collection = ? AND e.id = ?',
    );
    // Most events change a card's counts but none of its indexed columns: then only the row and the card are
    // written, not the seven indexes (every page a write dirties is copied to the WAL).
    const put = (sql: SqlWrites, entry: Entry, amenities: readonly string[]) => {
      const key = `${entry.collection}\0${entry.id}`;
      const pending = this.unsettled.get(key);
      const before = pending !== undefined ? pending : (stored.get(entry.collection, entry.id) ?? null);
      const { card, ...columns } = entry;
      if (before && INDEXED_COLUMNS.every((column) => before[column] === columns[column])) {
        if (before.written !== columns.written || before.amenities !== columns.amenities)
          sql.run(TOUCH, columns.written, columns.amenities, entry.collection, entry.id);
      } else {
        sql.run(
          UPSERT,
          columns.collection,
          columns.id,
          columns.written,
          columns.visible,
          columns.commune,
          columns.asset_type,
          columns.build_status,
          columns.price_from,
          columns.bedrooms,
          columns.featured_key,
          columns.name_key,
          columns.newest_key,
          columns.price_asc_key,
          columns.price_desc_key,
          columns.search_text,
          columns.amenities,
        );
      }
      if (before?.card !== card) sql.run(PUT_CARD, card, entry.collection, entry.id);
      if (before?.amenities !== columns.amenities) {
        sql.run(CLEAR_AMENITIES, entry.collection, entry.id);
        for (const amenity of amenities) sql.run(ADD_AMENITY, entry.collection, amenity, entry.id);
      }
      this.inFlight(sql, key, entry);
    };
    store.follow((collection, id, doc, sql) => {
      if (!isCatalogue(collection)) return;
      if (!doc) {
        // Its triggers take the search entry and the card with it.
        sql.run(REMOVE, collection, id);
        sql.run(CLEAR_AMENITIES, collection, id);
        this.inFlight(sql, `${collection}\0${id}`, null);
        return;
      }
      const card = doc as CatalogProjectDoc;
      put(sql, entryOf(collection, card), card.features ?? []);
    });
  }

  /** `entry` as the transaction being built writes it, until that transaction is in the file (or failed). */
  private inFlight(sql: SqlWrites, key: string, entry: Entry | null): void {
    this.unsettled.set(key, entry);
    sql.afterwards(() => {
      if (this.unsettled.get(key) === entry) this.unsettled.delete(key);
    });
  }

  async page(collection: string, q: CatalogPageRequest): Promise<CatalogPage> {
    const { clauses, match } = filtersOf(collection, q);
    const total = this.count(clauses, match);
    const column = `e.${SORT_COLUMNS[q.sort]}`;
    const descending = SORT_KEYS[q.sort].direction === -1;
    const page: Clause[] = match ? [...clauses, matchClause(match)] : [...clauses];
    if (q.after) {
      // The sort key is a range bound the index can seek to; the id breaks ties among equal keys.
      const { value, id } = q.after;
      page.push({ sql: `${column} ${descending ? '<=' : '>='} ? AND (${column} ${descending ? '<' : '>'} ? OR e.id > ?)`, params: [value, value, id] });
    }
    const { sql, params } = where(page);
    // The limit is written into the SQL, not bound: SQLite walks the sort index ~40% faster to a LIMIT it knows
    // when preparing (0.07 against 0.11 ms a page at 10x). Page sizes are few (1..50), and so are the statements.
    if (!Number.isSafeInteger(q.limit) || q.limit < 1) throw new RangeError(`catalogue page size ${q.limit}`);
    const rows = this.query(
      `SELECT e.id AS id, ${column} AS sortValue, c.card AS card FROM catalog_entries e JOIN catalog_cards c ON c.entry = e.rowid WHERE ${sql} ORDER BY ${column} ${descending ? 'DESC' : 'ASC'}, e.id ASC LIMIT ${q.limit + 1}`,
    ).all(...params) as { id: string; sortValue: string | number; card: string }[];
    const items = rows.slice(0, q.limit);
    const last = items[items.length - 1];
    return {
      cards: items.map((r) => new JsonText<ProjectCard>(r.card)),
      total,
      next: rows.length > q.limit && last ? { value: last.sortValue, id: last.id } : null,
    };
  }

  /**
   * How many visible cards match. A name search starts from its matches in the trigram index and looks each entry
   * up by rowid: a few hundred lookups, where walking the whole collection's index and testing every entry
   * against the matches took 2-3 times as long at 10x (1.2-1.9 against 0.64-0.73 ms for "parque", 627 of 9,484).
   * The page keeps the sort index's walk, which stops after one page of matches.
   *
   * The count is most of a page's time (0.2 of the 0.25 ms of the default explore page at 10x: it reads every
   * matching entry, the page only one page of them), and buyers ask the same few filter combinations over and over
   * between the catalogue's changes. So a total is kept until anything is written to the file: by this connection
   * (SQLite's total_changes, which triggers' writes move too) or by another (its data_version). A write empties
   * them all, whatever it touched; never while a transaction is open, whose writes may still be rolled back.
   */
  private count(clauses: readonly Clause[], match: string | undefined): number {
    const { sql, params } = where(clauses);
    const args = match ? [match, ...params] : params;
    const counted = () => {
      const statement = match
        ? this.query(`SELECT count(*) AS n FROM catalog_search s CROSS JOIN catalog_entries e ON e.rowid = s.rowid WHERE catalog_search MATCH ? AND ${sql}`)
        : this.query(`SELECT count(*) AS n FROM catalog_entries e WHERE ${sql}`);
      return (statement.get(...args) as { n: number }).n;
    };
    if (this.db.inTransaction) return counted();
    const now = this.fileState.get() as { changes: number; version: number };
    if (now.changes !== this.totalsAt.changes || now.version !== this.totalsAt.version || this.totals.size >= MAX_TOTALS) {
      this.totals.clear();
      this.totalsAt = now;
    }
    const key = JSON.stringify([match !== undefined, sql, args]);
    let total = this.totals.get(key);
    if (total === undefined) this.totals.set(key, (total = counted()));
    return total;
  }

  async cards(collection: string, ids: readonly string[]): Promise<ProjectCard[]> {
    if (ids.length === 0) return [];
    const rows = this.query(
      `SELECT c.card AS card FROM catalog_entries e JOIN catalog_cards c ON c.entry = e.rowid WHERE e.collection = ? AND e.visible = 1 AND e.id IN (${placeholders(ids)})`,
    ).all(collection, ...ids) as { card: string }[];
    return rows.map((r) => JSON.parse(r.card) as ProjectCard);
  }

  async facets(collection: string): Promise<CatalogFacets> {
    const visible = 'FROM catalog_entries WHERE collection = ? AND visible = 1';
    const grouped = (column: string) =>
      new Map(
        (this.query(`SELECT ${column} AS value, count(*) AS n ${visible} GROUP BY ${column}`).all(collection) as { value: string; n: number }[]).map((r) => [
          r.value,
          r.n,
        ]),
      );
    const communes = this.query(
      `SELECT e.commune AS code, json_extract(c.card, '$.commune.name') AS name, json_extract(c.card, '$.region.code') AS regionCode,
        json_extract(c.card, '$.region.name') AS regionName, count(*) AS count
        FROM catalog_entries e JOIN catalog_cards c ON c.entry = e.rowid WHERE e.collection = ? AND e.visible = 1 GROUP BY e.commune`,
    ).all(collection) as { code: string; name: string; regionCode: string; regionName: string; count: number }[];
    const bedrooms = new Map<number, number>();
    for (const { bits } of this.query(`SELECT bedrooms AS bits ${visible} AND bedrooms != 0`).all(collection) as { bits: number }[]) {
      for (let b = 0; b <= MAX_BEDROOMS; b++) if (bits & (1 << b)) bedrooms.set(b, (bedrooms.get(b) ?? 0) + 1);
    }
    const amenities = this.query(
      `SELECT a.amenity AS value, count(*) AS n FROM catalog_amenities a JOIN catalog_entries e ON e.collection = a.collection AND e.id = a.id
        WHERE a.collection = ? AND e.visible = 1 GROUP BY a.amenity`,
    ).all(collection) as { value: string; n: number }[];
    const range = this.query(`SELECT min(price_from) AS min, max(price_from) AS max ${visible}`).get(collection) as { min: number | null; max: number | null };
    return facetsOf({
      communes,
      propertyTypes: grouped('asset_type'),
      buildStatuses: grouped('build_status'),
      bedrooms,
      amenities: new Map(amenities.map((r) => [r.value, r.n])),
      priceRangeUF: range.min === null || range.max === null ? null : { min: range.min, max: range.max },
    });
  }

  private query(sql: string): Statement {
    let statement = this.prepared.get(sql);
    if (!statement) {
      // Shapes differ by which filters are present and how many values a list has: a bounded cache.
      if (this.prepared.size >= MAX_PREPARED) this.prepared.clear();
      statement = this.db.prepare<unknown[]>(sql);
      this.prepared.set(sql, statement);
    }
    return statement;
  }
}
