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

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/distributed', '<rootDir>/tests/api'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(mingo)/)'],
  setupFiles: ['reflect-metadata', '<rootDir>/tests/distributed/support/distributed-mode.ts'],
  globalSetup: '<rootDir>/tests/distributed/support/global-setup.ts',
  testPathIgnorePatterns: ['/node_modules/', '/tests/distributed/faults\\.test\\.ts$'],
  testTimeout: 60000,
  maxWorkers: 2,
};
