// ESLint: TypeScript rules plus the dependency rule of docs/architecture.md, enforced on imports.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import fs from 'node:fs';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Every folder under web/src/features is a feature; new ones are covered without editing this file.
const features = fs.existsSync('web/src/features') ? fs.readdirSync('web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];

const zone = (target, from, message) => ({ target, from, message });

export default tseslint.config(
  { ignores: ['node_modules/**', 'web/dist/**', 'dist/**', 'data/**', '.engines/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true })] },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./domain', './application', 'domain/ imports nothing outside domain/'),
            zone('./domain', './adapters', 'domain/ imports nothing outside domain/'),
            zone('./domain', './read-models', 'domain/ imports nothing outside domain/'),
            zone('./domain', './web', 'domain/ imports nothing outside domain/'),
            // the shared contract (contract/) is imported by server and web alike, so it imports neither
            zone('./contract', './application', 'contract/ imports only zod, contract/ and domain/shared'),
            zone('./contract', './adapters', 'contract/ imports only zod, contract/ and domain/shared'),
            zone('./contract', './read-models', 'contract/ imports only zod, contract/ and domain/shared'),
            zone('./contract', './web', 'contract/ imports only zod, contract/ and domain/shared'),
            zone('./application', './adapters', 'application/ depends on ports, never on adapters'),
            zone('./application', './web', 'application/ never imports the web client'),
            zone('./read-models', './adapters', 'read-models/ depend on ports, never on adapters'),
            zone('./web', './adapters', 'the web talks to the server only over HTTP'),
            zone('./web', './application', 'the web talks to the server only over HTTP'),
            zone('./web', './read-models', 'the web talks to the server only over HTTP'),
            // web may import domain/shared (error catalogue, RUT), nothing else of the domain
            zone('./web', './domain/accounts', 'web may only import domain/shared'),
            zone('./web', './domain/access', 'web may only import domain/shared'),
          ],
        },
      ],
    },
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
          zones: features.map((f) => ({
            target: `./web/src/features/!(${f})/**/*`,
            from: `./web/src/features/${f}`,
            message: 'features do not import each other: move shared code to web/src/shared',
          })),
        },
      ],
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
