// Adds up the JSON reports of the test steps and prints one closing line: "Tests: N passed, N failed".
import { existsSync, readFileSync, readdirSync } from 'node:fs'

const dir = 'reports'
let passed = 0
let failed = 0
let skipped = 0
for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'))
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0)
    failed += report.stats.unexpected
    skipped += report.stats.skipped
    console.log(`${file}: ${report.stats.expected + (report.stats.flaky ?? 0)} passed, ${report.stats.unexpected} failed`)
  } else if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + (report.numTodoTests ?? 0)
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`)
  }
}
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
