// Adds up the counts of Jest's --json reports (one per CI phase) into the one closing line CI reads:
// "tests: N passed, N failed, N skipped". Exits non-zero when a report is missing its counts or any test failed.
import { readFileSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof report.numPassedTests !== 'number') throw new Error(`${file} is not a Jest --json report`);
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
