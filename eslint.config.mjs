// ESLint: TypeScript rules plus the dependency rule of docs/architecture.md, enforced on imports.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Every folder under web/src/features is a feature; new ones are covered without editing this file.
const features = fs.existsSync('web/src/features')
  ? fs
      .readdirSync('web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * The packages domain/ may import: pure computation, no framework, no I/O. Anything else (express,
 * inversify, zod, node:fs, a database driver...) fails the lint.
 */
export const DOMAIN_PACKAGES = ['decimal.js', 'libphonenumber-js', '@zxcvbn-ts/language-common'];
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const domainPackages = `^(?!\\.|(${DOMAIN_PACKAGES.map(escape).join('|')})(/|$))`;

const zones = [
  zone('./domain', './', 'domain/ imports nothing outside domain/ (and the pure packages of DOMAIN_PACKAGES)', ['./domain', './node_modules']),
  // the shared contract (contract/) is imported by server and web alike, so it imports neither
  zone('./contract', './application', 'contract/ imports only zod, contract/ and domain/shared'),
  zone('./contract', './adapters', 'contract/ imports only zod, contract/ and domain/shared'),
  zone('./contract', './read-models', 'contract/ imports only zod, contract/ and domain/shared'),
  zone('./contract', './web', 'contract/ imports only zod, contract/ and domain/shared'),
  // The way in: adapters -> application -> read-models -> kernel -> domain (contract beside them). Nothing runs back up.
  zone('./kernel', './application', 'kernel/ (ports, command handling, projection runner, personal-data codec) never imports a use case'),
  zone('./kernel', './read-models', 'kernel/ never imports a read model: read models build on the kernel'),
  zone('./kernel', './adapters', 'kernel/ depends on its own ports, never on adapters'),
  zone('./kernel', './web', 'kernel/ never imports the web client'),
  zone('./read-models', './application', 'read-models/ build on kernel/ and domain/, never on a use case'),
  zone('./contract', './kernel', 'contract/ imports only zod, contract/ and domain/shared'),
  zone('./application', './adapters', 'application/ depends on ports, never on adapters'),
  // use cases read the read models only through their queries files, never a projection
  zone('./application', `${ROOT}/read-models/**/*`, 'application/ imports from read-models/ only *.queries.ts files', [`${ROOT}/read-models/**/*.queries.ts`]),
  zone('./application', './web', 'application/ never imports the web client'),
  zone('./read-models', './adapters', 'read-models/ depend on ports, never on adapters'),
  zone('./web', './adapters', 'the web talks to the server only over HTTP'),
  zone('./web', './application', 'the web talks to the server only over HTTP'),
  zone('./web', './read-models', 'the web talks to the server only over HTTP'),
  zone('./web', './kernel', 'the web talks to the server only over HTTP'),
  // from outside web/ the web imports only the contract and domain/shared's pure values (formats, phone, email)
  zone('./web', './domain', 'web may import only contract/ and domain/shared from outside web/', ['./shared']),
  // the error codes and the RUT rules reach the web through the contract (contract/errors.ts, contract/rut.ts)
  zone('./web', './domain/shared/error-catalogue.ts', 'the web takes the error catalogue from contract/errors'),
  zone('./web', './domain/shared/rut.ts', 'the web takes the RUT rules from contract/rut'),
  zone('./web', './tests', 'web may import only contract/ and domain/shared from outside web/'),
  // shared -> features -> app
  zone('./web/src/shared', './web/src/features', 'web/src/shared never imports a feature'),
  zone('./web/src/shared', './web/src/app', 'web/src/shared never imports the app'),
  zone('./web/src/features', './web/src/app', 'features never import the app (web/src/app composes them)'),
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'web/dist/**', 'dist/**', 'data/**', '.engines/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true })],
      // TypeScript files are modules to follow (no-cycle reads their imports), parsed by typescript-eslint's parser.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones }],
      // No cycle between modules (type-only imports included: a cycle of types is a cycle of meaning).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // domain/: only domain/ and the pure packages of DOMAIN_PACKAGES (no framework, no I/O, no node: builtins)
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: domainPackages, message: 'domain/ imports only domain/ and the pure packages of DOMAIN_PACKAGES (eslint.config.mjs)' }] },
      ],
    },
  },
  {
    // The server's code never turns on async_hooks (AsyncLocalStorage included): their promise hooks tax every
    // promise of the process, a quarter of the reservations' throughput when they were on (docs/benchmarks.md).
    files: ['kernel/**/*.ts', 'application/**/*.ts', 'adapters/**/*.ts', 'read-models/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['async_hooks', 'node:async_hooks'].map((name) => ({
            name,
            message: 'async_hooks (AsyncLocalStorage) slows every promise: pass the value along instead (eslint.config.mjs)',
          })),
        },
      ],
    },
  },
  {
    // SQLite only through adapters/embedded/sqlite-driver.ts, which loads the build this Node can run: better-sqlite3
    // 13 crashes Node 20 at load, better-sqlite3 12 aborts Node 24 (the driver's comment says why).
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['adapters/embedded/sqlite-driver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['better-sqlite3', 'better-sqlite3-v12'].map((name) => ({
            name,
            message: 'open SQLite through adapters/embedded/sqlite-driver.ts (the build this Node can load)',
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
  {
    // The server logs through pino (adapters/logging/logger.ts: JSON lines, levels, no personal data); a command-line
    // tool's answer goes to process.stdout / process.stderr.
    files: ['domain/**/*.ts', 'contract/**/*.ts', 'kernel/**/*.ts', 'application/**/*.ts', 'read-models/**/*.ts', 'adapters/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Feature folders never import each other: shared -> features -> app.
    files: ['web/src/features/**/*.ts', 'web/src/features/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['web/tsconfig.json'] })] },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...zones,
            ...features.map((f) => ({
              target: `./web/src/features/!(${f})/**/*`,
              from: `./web/src/features/${f}`,
              message: 'features do not import each other: move shared code to web/src/shared',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
