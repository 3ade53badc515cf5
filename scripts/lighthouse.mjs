// Lighthouse (mobile, its default profile) on the three pages a buyer lands on: the home, the catalogue and a
// project. Runs each page several times and prints the median score per category, plus LCP, TBT and CLS.
// Not part of CI (Lighthouse's performance score depends on the machine's load): see docs/benchmarks.md.
//
// Usage: node scripts/lighthouse.mjs [baseUrl] (default http://127.0.0.1:3000), against `npm run build` then
// `npm start`. Environment: LIGHTHOUSE_BIN (the lighthouse CLI; default `npx --yes lighthouse@12.2.3`),
// CHROME_PATH (default /usr/bin/chromium), RUNS (default 3), PAGES (comma-separated paths), JSON_DIR (keeps each report).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const pages = (process.env.PAGES ?? '/,/projects,/projects/parque-nunoa').split(',');
const runs = Number(process.env.RUNS ?? 3);
const bin = process.env.LIGHTHOUSE_BIN ? [process.env.LIGHTHOUSE_BIN] : ['npx', '--yes', 'lighthouse@12.2.3'];
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const keep = process.env.JSON_DIR;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = { LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift' };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const audit = (url, run) => {
  const out = path.join(os.tmpdir(), `lighthouse-${process.pid}-${run}.json`);
  const result = spawnSync(
    bin[0],
    [
      ...bin.slice(1),
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox',
      `--only-categories=${CATEGORIES.join(',')}`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url} (exit ${result.status})`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  if (keep) fs.copyFileSync(out, path.join(keep, `${url.replace(/[^a-z0-9]+/gi, '_')}-${run}.json`));
  fs.rmSync(out);
  if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.message}`);
  return report;
};

console.log(
  `Lighthouse ${runs}x per page on ${base}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const rows = [];
for (const page of pages) {
  const reports = Array.from({ length: runs }, (_, i) => audit(base + page, i));
  const row = { page };
  for (const c of CATEGORIES) row[c] = median(reports.map((r) => Math.round(r.categories[c].score * 100)));
  for (const [name, id] of Object.entries(METRICS)) row[name] = median(reports.map((r) => r.audits[id].numericValue));
  row.runs = reports.map((r) => Math.round(r.categories.performance.score * 100)).join('/');
  rows.push(row);
  console.log(
    `${page.padEnd(28)} perf ${row.performance} (${row.runs})  a11y ${row.accessibility}  bp ${row['best-practices']}  seo ${row.seo}  ` +
      `LCP ${(row.LCP / 1000).toFixed(1)} s  TBT ${Math.round(row.TBT)} ms  CLS ${row.CLS.toFixed(3)}`,
  );
}
console.log(
  `load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (rows.some((row) => CATEGORIES.some((c) => row[c] < 90))) process.exitCode = 1;
