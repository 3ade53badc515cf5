import fs from 'node:fs';
import path from 'node:path';

/**
 * No unused DI tokens: every token a module declares (kernel/ports/tokens.ts, application/<module>/<module>.tokens.ts)
 * is bound by the composition (adapters/composition) and resolved somewhere on the server. A token declared and
 * never bound fails at the first `get`; one never resolved is dead wiring.
 */
const REPO = path.resolve(__dirname, '../..');

interface DeclaredToken {
  readonly group: string;
  readonly name: string;
  readonly file: string;
}

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

const isTokenFile = (file: string) => file.endsWith('.tokens.ts') || file.endsWith(path.join('ports', 'tokens.ts'));

/** `export const GROUP = { Name: token<T>('...'), ... } as const` -> GROUP.Name for each entry. */
export const declaredTokens = (file: string, source: string): DeclaredToken[] =>
  [...source.matchAll(/export const (\w+) = \{([\s\S]*?)\n\} as const;/g)].flatMap(([, group, body]) =>
    [...body.matchAll(/^\s*(\w+): token</gm)].map(([, name]) => ({ group, name, file })),
  );

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a token is bound (`bind(G.N)`, `bind<T>(G.N)`) and where it is resolved (`get(G.N)`, `resolve(x, G.N)`). */
export const tokenUse = (token: DeclaredToken, sources: readonly string[]) => {
  const ref = `${escape(token.group)}\\.${escape(token.name)}\\b`;
  const bound = new RegExp(`\\bbind(?:<[^()]*?>)?\\(\\s*${ref}`);
  const resolved = new RegExp(`(?:\\.get(?:<[^()]*?>)?\\(\\s*|\\bresolve\\(\\s*[\\w.]+,\\s*)${ref}`);
  return { bound: sources.some((s) => bound.test(s)), resolved: sources.some((s) => resolved.test(s)) };
};

export const unusedTokens = (tokenSources: readonly { file: string; source: string }[], sources: readonly string[]): string[] =>
  tokenSources
    .flatMap(({ file, source }) => declaredTokens(file, source))
    .flatMap((token) => {
      const use = tokenUse(token, sources);
      const label = `${token.group}.${token.name} (${path.relative(REPO, token.file)})`;
      return [...(use.bound ? [] : [`${label} is never bound`]), ...(use.resolved ? [] : [`${label} is never resolved`])];
    });

describe('DI tokens', () => {
  const files = ['kernel', 'application', 'adapters', 'read-models'].flatMap((dir) => walk(path.join(REPO, dir)));
  const tokenFiles = files.filter(isTokenFile);
  const read = (file: string) => fs.readFileSync(file, 'utf8');

  it('one tokens file per application module, each declaring typed tokens', () => {
    const modules = tokenFiles.map((f) => path.relative(REPO, f)).sort();
    expect(modules).toEqual(
      expect.arrayContaining(['kernel/ports/tokens.ts', 'application/reservations/reservations.tokens.ts', 'application/catalog/catalog.tokens.ts']),
    );
    for (const file of tokenFiles) expect(declaredTokens(file, read(file)).length).toBeGreaterThan(0);
  });

  it('every declared token is bound and resolved', () => {
    const sources = files.filter((f) => !isTokenFile(f)).map(read);
    expect(
      unusedTokens(
        tokenFiles.map((file) => ({ file, source: read(file) })),
        sources,
      ),
    ).toEqual([]);
  });

  it('the check catches a token declared but never bound, and one never resolved', () => {
    const declared = {
      file: path.join(REPO, 'application/demo/demo.tokens.ts'),
      source: "export const DEMO = {\n  Bound: token<number>('A'),\n  Idle: token<string>('B'),\n} as const;",
    };
    const sources = ['bind<number>(DEMO.Bound).toConstantValue(1);', 'const n = resolve(ctx, DEMO.Bound);', 'const s = container.get<string>(DEMO.Idle);'];
    expect(unusedTokens([declared], sources)).toEqual(['DEMO.Idle (application/demo/demo.tokens.ts) is never bound']);
    expect(unusedTokens([declared], sources.slice(0, 1))).toEqual([
      'DEMO.Bound (application/demo/demo.tokens.ts) is never resolved',
      'DEMO.Idle (application/demo/demo.tokens.ts) is never bound',
      'DEMO.Idle (application/demo/demo.tokens.ts) is never resolved',
    ]);
  });
});
