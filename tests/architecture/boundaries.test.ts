import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The dependency rules of docs/architecture.md fail the build: each case is a one-line source file placed
 * (virtually) in a layer, linted with the repository's eslint.config.mjs; a forbidden import must be an
 * error of the boundary rule, an allowed one no error at all.
 */
const REPO = path.resolve(__dirname, '../..');

type Case = { readonly name: string; readonly filePath: string; readonly code: string; readonly forbidden: boolean };

const at = (file: string, importPath: string) => ({ filePath: path.join(REPO, file), code: `import * as x from '${importPath}';\nexport const y = x;\n` });

const cases: Case[] = [
  // domain/: only itself and pure packages
  { name: 'domain imports a framework (express)', ...at('domain/shared/fixture.ts', 'express'), forbidden: true },
  { name: 'domain imports zod', ...at('domain/shared/fixture.ts', 'zod'), forbidden: true },
  { name: 'domain imports an I/O module (node:fs)', ...at('domain/shared/fixture.ts', 'node:fs'), forbidden: true },
  { name: 'domain imports the application', ...at('domain/shared/fixture.ts', '../../application/config'), forbidden: true },
  { name: 'domain imports the contract', ...at('domain/shared/fixture.ts', '../../contract/common'), forbidden: true },
  { name: 'domain imports decimal.js', ...at('domain/shared/fixture.ts', 'decimal.js'), forbidden: false },
  { name: 'domain imports another domain module', ...at('domain/quotes/fixture.ts', '../shared/rut'), forbidden: false },
  // application/: read models only through *.queries.ts
  { name: 'application imports a projection file', ...at('application/alerts/fixture.ts', '../../read-models/alerts/alerts.projection'), forbidden: true },
  { name: 'application imports a queries file', ...at('application/alerts/fixture.ts', '../../read-models/alerts/alerts.queries'), forbidden: false },
  { name: 'application imports an adapter', ...at('application/alerts/fixture.ts', '../../adapters/config'), forbidden: true },
  // kernel/: ports, command handling, projection runner, personal-data codec: below every use case and read model
  { name: 'kernel imports a use case', ...at('kernel/ports/fixture.ts', '../../application/config'), forbidden: true },
  { name: 'kernel imports a read model', ...at('kernel/projections/fixture.ts', '../../read-models/alerts/alerts.queries'), forbidden: true },
  { name: 'kernel imports the domain', ...at('kernel/projections/fixture.ts', '../../domain/shared/event'), forbidden: false },
  // read-models/: build on the kernel, never on a use case
  { name: 'a read model imports a use case', ...at('read-models/alerts/fixture.ts', '../../application/config'), forbidden: true },
  { name: 'a read model imports the kernel', ...at('read-models/alerts/fixture.ts', '../../kernel/ports/read-store'), forbidden: false },
  // no cycle between modules
  { name: 'a file imports one that imports it back', ...at('read-models/leads/lead-tally.ts', './leads.projection'), forbidden: true },
  // contract/: zod, itself, the domain's value lists
  { name: 'contract imports the application', ...at('contract/fixture.ts', '../application/config'), forbidden: true },
  { name: 'contract imports the web', ...at('contract/fixture.ts', '../web/src/shared/config/constants'), forbidden: true },
  // web: from outside web/ only contract/ and domain/shared
  { name: 'web imports a domain module', ...at('web/src/features/quotes/fixture.ts', '../../../../domain/reservations/reservation'), forbidden: true },
  { name: 'web imports a read model', ...at('web/src/features/quotes/fixture.ts', '../../../../read-models/quotes/quotes.projection'), forbidden: true },
  { name: 'web imports the contract', ...at('web/src/features/quotes/fixture.ts', '../../../../contract/quotes'), forbidden: false },
  { name: 'web imports domain/shared', ...at('web/src/features/quotes/fixture.ts', '../../../../domain/shared/phone'), forbidden: false },
  { name: 'web imports the RUT rules from the domain', ...at('web/src/features/quotes/fixture.ts', '../../../../domain/shared/rut'), forbidden: true },
  { name: 'web imports the error catalogue from the domain', ...at('web/src/shared/fixture.ts', '../../../domain/shared/error-catalogue'), forbidden: true },
  { name: 'web imports the RUT rules from the contract', ...at('web/src/features/quotes/fixture.ts', '../../../../contract/rut'), forbidden: false },
  // web: shared -> features -> app
  { name: 'web/src/shared imports a feature', ...at('web/src/shared/fixture.ts', '../features/quotes/calculator'), forbidden: true },
  { name: 'web/src/shared imports the app', ...at('web/src/shared/fixture.ts', '../app/router'), forbidden: true },
  { name: 'a feature imports the app', ...at('web/src/features/quotes/fixture.ts', '../../app/router'), forbidden: true },
  { name: 'a feature imports another feature', ...at('web/src/features/quotes/fixture.ts', '../reservations/flow'), forbidden: true },
  { name: 'a feature imports web/src/shared', ...at('web/src/features/quotes/fixture.ts', '../../shared/config/constants'), forbidden: false },
  // SQLite through the driver that picks the build this Node can load
  { name: 'an adapter imports better-sqlite3 itself', ...at('adapters/embedded/fixture.ts', 'better-sqlite3'), forbidden: true },
  { name: 'a test imports better-sqlite3 12 itself', ...at('tests/contract/fixture.ts', 'better-sqlite3-v12'), forbidden: true },
  { name: 'an adapter imports the SQLite driver', ...at('adapters/embedded/fixture.ts', './sqlite-driver'), forbidden: false },
];

const BOUNDARY_RULES = ['import-x/no-restricted-paths', 'import-x/no-cycle', 'no-restricted-imports', '@typescript-eslint/no-restricted-imports'];

describe('the dependency rules fail the lint', () => {
  let errors: string[][];

  beforeAll(() => {
    const input = JSON.stringify(cases.map(({ filePath, code }) => ({ filePath, code })));
    errors = JSON.parse(execFileSync(process.execPath, [path.join(__dirname, 'lint-text.mjs')], { cwd: REPO, input, encoding: 'utf8' }));
  }, 120_000);

  it.each(cases.map((c, i) => [c.name, c.forbidden, i] as const))('%s: forbidden %s', (_name, forbidden, i) => {
    const broken = errors[i].filter((rule) => BOUNDARY_RULES.includes(rule));
    if (forbidden) expect(broken.length).toBeGreaterThan(0);
    else expect(errors[i]).toEqual([]);
  });
});
