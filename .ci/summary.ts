// Adds up the JSON results of every vitest run of this CI job into one closing line.
import { readdirSync, readFileSync } from 'node:fs';

const dir = '.tmp/test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const result = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  skipped += result.numPendingTests + result.numTodoTests;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
