import fs from 'node:fs';
import path from 'node:path';
import { ChileTerritory } from '../../domain/reference/chile-territory';

const DIR = path.join(__dirname, 'chile');

/** The reference files have no quoted fields: plain comma-separated rows under a header. */
const readCsv = (file: string): Record<string, string>[] => {
  const [header, ...rows] = fs
    .readFileSync(path.join(DIR, file), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const columns = header.split(',');
  return rows.map((row) => {
    const cells = row.split(',');
    return Object.fromEntries(columns.map((c, i) => [c, cells[i]?.trim() ?? '']));
  });
};

let cached: ChileTerritory | undefined;

/** Regions, provinces and communes of Chile with their official codes, read once per process. */
export const loadChileTerritory = (): ChileTerritory => {
  cached ??= new ChileTerritory(
    readCsv('regions.csv').map((r) => ({ code: r.id, name: r.name, shortName: r.short_name, abbreviation: r.abbreviation, isoCode: r.iso_code })),
    readCsv('provinces.csv').map((p) => ({ code: p.id, name: p.name, regionCode: p.region_id })),
    readCsv('communes.csv').map((c) => ({ code: c.id, name: c.name, provinceCode: c.province_id })),
  );
  return cached;
};
