/**
 * Jest setup file of jest.distributed.config.js: tests/api then start every test app with MODE=distributed
 * (tests/support/test-app.ts and tests/support/distributed-env.ts).
 */
process.env.TEST_MODE = 'distributed';
