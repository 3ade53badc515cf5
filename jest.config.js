/** One Jest run for every suite: domain, contract, API, web units and browser journeys. */
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
  // A worker that kept every suite's modules grew to a ~1.5 GB heap (2 GB resident) over ~24 API suites: its
  // collections got slower, and tearing it down at the end took ~0.6 s, past Jest's 500 ms, hence "A worker process
  // has failed to exit gracefully" (it had no open handle, thread or database left). A worker whose heap passes
  // this after a suite is replaced. The API suites, same machine: 3 min 58 s -> 3 min 40 s, CPU 417 -> 369 s.
  workerIdleMemoryLimit: '800MB',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/tests/distributed/'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(mingo)/)'],
  setupFiles: ['reflect-metadata'],
  testTimeout: 30000,
  maxWorkers: 2,
};
