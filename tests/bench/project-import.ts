import { IMPORT_EXAMPLE_ROWS, IMPORT_HEADERS } from '../../application/catalog/project-import-rows';
import { ApiClient } from '../support/api-client';
import { rawSqlite } from './raw-sqlite';
import { startServerProcess } from './server';
import { fmt } from './stats';

const PROJECTS = 200;
const UNITS_PER_PROJECT = 50;

/** The template's example row made into `PROJECTS` projects of `UNITS_PER_PROJECT` units each. */
const sheet = (): Buffer => {
  const [example] = IMPORT_EXAMPLE_ROWS;
  const at = (column: string) => IMPORT_HEADERS.indexOf(column);
  const rows: string[][] = [];
  for (let p = 0; p < PROJECTS; p++)
    for (let u = 0; u < UNITS_PER_PROJECT; u++) {
      const row = [...example];
      row[at('codigo_proyecto')] = `BENCH-${p}`;
      row[at('nombre_proyecto')] = `Proyecto de carga ${p}`;
      row[at('unidad')] = String(101 + u);
      row[at('piso')] = String(1 + Math.floor(u / 4));
      row[at('precio_lista_uf')] = String(4200 + u);
      rows.push(row);
    }
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return Buffer.from([IMPORT_HEADERS, ...rows].map((r) => r.map(cell).join(',')).join('\n'));
};

/**
 * Bulk project upload (issue 10: 10,000 units in under a minute) over HTTP against the platform in a child
 * process: upload the sheet, then follow GET /project-imports/{id} until it completes. Beside it, the raw
 * engine doing the same writes: one fsync'd SQLite transaction per project holding its events.
 */
export const projectImportBench = async (): Promise<string[]> => {
  const server = await startServerProcess({ DEMO_CATALOGUE: 'off' });
  try {
    const admin = new ApiClient(server.url);
    await admin.login('admin@demo.cl');
    const file = sheet();
    const started = performance.now();
    const uploaded = await admin.upload('/api/v1/project-imports', {}, { name: 'carga.csv', type: 'text/csv', bytes: file });
    if (uploaded.status !== 202) throw new Error(`import upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
    let status: { status: string; created: number; processed: number; projectsCreated?: number };
    for (;;) {
      status = (await admin.get(`/api/v1/project-imports/${uploaded.body.id}`)).body;
      if (['completed', 'failed', 'cancelled'].includes(status.status)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    if (status.status !== 'completed' || status.created !== PROJECTS * UNITS_PER_PROJECT)
      throw new Error(`import ended ${JSON.stringify(status).slice(0, 500)}`);
    const raw = rawSqlite((db) => {
      const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
      const project = db.transaction((p: number) => {
        for (let e = 0; e <= UNITS_PER_PROJECT; e++)
          insert.run(`p${p}-${e}`, JSON.stringify({ type: e === 0 ? 'ProjectCreated' : 'UnitAdded', data: IMPORT_EXAMPLE_ROWS[0] }));
      });
      const t0 = performance.now();
      for (let p = 0; p < PROJECTS; p++) project(p);
      return (performance.now() - t0) / 1000;
    });
    const units = PROJECTS * UNITS_PER_PROJECT;
    return [
      `| Bulk project upload over HTTP (CSV, ${fmt(file.length / 2 ** 20, 1)} MB): ${PROJECTS} projects × ${UNITS_PER_PROJECT} units, upload to "completed", client in a separate process | ${fmt(units / seconds, 0)} units/s (${fmt(seconds, 1)} s for ${units} units) | | ${units} units |`,
      `| ... raw engine in the same run: better-sqlite3, one fsync'd transaction per project with its ${UNITS_PER_PROJECT + 1} events | ${fmt(units / raw, 0)} units/s (${fmt(raw, 2)} s) | | ${units} units |`,
    ];
  } finally {
    await server.stop();
  }
};
