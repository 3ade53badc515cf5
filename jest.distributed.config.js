/**
 * Distributed-mode suites: real Kafka and a MongoDB wire-protocol server (engines/up.sh), EventStoreDB when
 * EVENTSTORE_URL or a Docker engine is available. Run: `bash engines/up.sh && npx jest -c jest.distributed.config.js`.
 * Besides tests/distributed, the API tests (tests/api) run again with every app in MODE=distributed
 * (setup file: TEST_MODE=distributed). One worker: the suites share the local engines, and the fault
 * suite stops and restarts Kafka.
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
  testTimeout: 60000,
  maxWorkers: 1,
};
