/**
 * Distributed-mode suites: real Kafka and a MongoDB wire-protocol server (engines/up.sh), EventStoreDB when
 * EVENTSTORE_URL or a Docker engine is available. Run: `bash engines/up.sh && npx jest -c jest.distributed.config.js`.
 * Besides tests/distributed, the API tests (tests/api) run again with every app in MODE=distributed
 * (setup file: TEST_MODE=distributed). Two workers: every test app has its own MongoDB database, topics and
 * consumer groups (tests/support/distributed-env.ts), so suites share the engines without seeing each other;
 * the fault suite, which stops and restarts Kafka, runs alone afterwards (jest.distributed-faults.config.js).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const EMBEDDED_ONLY = [
  'backup-restore',
  'bad-input',
  'compression',
  'csrf-and-tokens',
  'discovery',
  'email-template-safety',
  'event-loop-bombs',
  'input-rules',
  'openapi',
  'public-url',
  'request-log',
  'smtp-relay-address',
  'throttling-and-enumeration',
  'tracing',
  'webpay-request-building',
];

module.exports = {
  // A worker that kept every suite's modules grew to a ~1.5 GB heap (2 GB resident) over ~24 API suites: its
  // collections got slower, and tearing it down at the end took ~0.6 s, past Jest's 500 ms, hence "A worker process
  // has failed to exit gracefully" (it had no open handle, thread or database left). A worker whose heap passes
  // this after a suite is replaced. The API suites, same machine: 3 min 58 s -> 3 min 40 s, CPU 417 -> 369 s.
  workerIdleMemoryLimit: '800MB',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/distributed', '<rootDir>/tests/api'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(mingo)/)'],
  setupFiles: ['reflect-metadata', '<rootDir>/tests/distributed/support/distributed-mode.ts'],
  globalSetup: '<rootDir>/tests/distributed/support/global-setup.ts',
  // Run in embedded mode only: backup-restore copies an embedded data directory (distributed mode backs up with the
  // engines' own tools, docs/operations.md); the others test the HTTP layer alone (input rules, CSRF, compression,
  // logs, traces, the OpenAPI document), which is the same code whichever stores sit behind it. Keeps CI within 30 min.
  testPathIgnorePatterns: ['/node_modules/', '/tests/distributed/faults\\.test\\.ts$', `/tests/api/(${EMBEDDED_ONLY.join('|')})\\.(api\\.)?test\\.ts$`],
  testTimeout: 60000,
  maxWorkers: 2,
};
