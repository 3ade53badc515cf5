import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3, in the build this Node can load; every SQLite file of the platform opens through it.
 * - Node 22.14+ and 24 (Node-API 10): better-sqlite3 13, a Node-API addon shipped prebuilt in its package (nothing
 *   compiled or downloaded at install). better-sqlite3 12 aborts the process on Node 24: its destructors remove an
 *   environment cleanup hook that Node 24's ObjectWrap added, with no environment left to remove it from
 *   ("Assertion failed: (env) != nullptr", seen in every Jest run of the API suites; WiseLibs/better-sqlite3#1515).
 * - Node 20 (Node-API 9, where 13's prebuilt addon cannot load): better-sqlite3 12, installed under the alias
 *   better-sqlite3-v12 and compiled at install for that Node's ABI, as before.
 * Both have the same API for what the platform uses; the types are @types/better-sqlite3's.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const Database: typeof BetterSqlite3 =
  Number(process.versions.napi) >= 10 ? (require('better-sqlite3') as typeof BetterSqlite3) : (require('better-sqlite3-v12') as typeof BetterSqlite3);
/* eslint-enable @typescript-eslint/no-require-imports */

// Its types too, as `import Database from 'better-sqlite3'` gives them (Database.Database, Database.Statement).
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace Database {
  export type Database = BetterSqlite3.Database;
  export type Statement<BindParameters extends unknown[] | object = unknown[], Result = unknown> = BetterSqlite3.Statement<BindParameters, Result>;
}

export default Database;
