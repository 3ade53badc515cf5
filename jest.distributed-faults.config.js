/**
 * The fault suite alone (tests/distributed/faults.test.ts stops and restarts Kafka, so nothing else may use the
 * engines meanwhile): `npm run test:distributed` runs it after the rest (jest.distributed.config.js leaves it out).
 */
const base = require('./jest.distributed.config.js');

module.exports = {
  ...base,
  roots: ['<rootDir>/tests/distributed'],
  testMatch: ['**/faults.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  maxWorkers: 1,
};
