import fs from 'node:fs';
import path from 'node:path';

/**
 * The web client's dependency rule (ARCHITECTURE §7, STYLE 11): shared -> features -> app, never
 * feature to feature; from the server side only domain/shared.
 */
const WEB_SRC = path.resolve(__dirname, '../../web/src');
const REPO = path.resolve(__dirname, '../..');

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const relativeImports = (file: string): string[] => {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((m) => m[1] ?? m[2])
    .filter((s) => s.startsWith('.'))
    .map((s) => path.resolve(path.dirname(file), s));
};

type Layer = { kind: 'app' } | { kind: 'shared' } | { kind: 'feature'; name: string } | { kind: 'entry' };

const layerOf = (file: string): Layer => {
  const rel = path.relative(WEB_SRC, file).split(path.sep);
  if (rel[0] === 'app') return { kind: 'app' };
  if (rel[0] === 'shared') return { kind: 'shared' };
  if (rel[0] === 'features') return { kind: 'feature', name: rel[1] };
  return { kind: 'entry' };
};

describe('web dependency rule', () => {
  const files = sourceFiles(WEB_SRC);
  const edges = files.flatMap((from) => relativeImports(from).map((to) => ({ from, to })));
  const show = (e: { from: string; to: string }) => `${path.relative(REPO, e.from)} -> ${path.relative(REPO, e.to)}`;

  it('finds the source', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(edges.length).toBeGreaterThan(100);
  });

  it('imports from outside web/ only the contract and domain/shared', () => {
    const outside = edges.filter(
      (e) => !e.to.startsWith(WEB_SRC) && !e.to.startsWith(path.join(REPO, 'domain', 'shared')) && !e.to.startsWith(path.join(REPO, 'contract')),
    );
    expect(outside.map(show)).toEqual([]);
  });

  it('keeps shared free of features and app', () => {
    const bad = edges.filter((e) => layerOf(e.from).kind === 'shared' && e.to.startsWith(WEB_SRC) && layerOf(e.to).kind !== 'shared');
    expect(bad.map(show)).toEqual([]);
  });

  it('never lets a feature import another feature or the app', () => {
    const bad = edges.filter((e) => {
      const from = layerOf(e.from);
      if (from.kind !== 'feature' || !e.to.startsWith(WEB_SRC)) return false;
      const to = layerOf(e.to);
      return to.kind === 'app' || to.kind === 'entry' || (to.kind === 'feature' && to.name !== from.name);
    });
    expect(bad.map(show)).toEqual([]);
  });
});
