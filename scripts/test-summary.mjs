// Adds up the JSON reports of the test steps and prints one closing line: "Tests: N passed, N failed".
// A test that passed only on a retry is flaky: it is named, and in CI (CI set) it counts as failed
// and the command exits non-zero, so a test that hides an intermittent bug cannot pass unnoticed.
import { existsSync, readFileSync, readdirSync } from 'node:fs'

const dir = 'reports'
const inCi = Boolean(process.env.CI)
let passed = 0
let failed = 0
let skipped = 0
const flaky = []

/** Titles of the Playwright tests whose outcome was 'flaky' (failed, then passed on a retry). */
function flakyTitles(suites, path = []) {
  const found = []
  for (const suite of suites ?? []) {
    const here = suite.title ? [...path, suite.title] : path
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((test) => test.status === 'flaky')) found.push([...here, spec.title].join(' › '))
    }
    found.push(...flakyTitles(suite.suites, here))
  }
  return found
}

for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'))
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    const retried = report.stats.flaky ?? 0
    passed += report.stats.expected
    failed += report.stats.unexpected
    skipped += report.stats.skipped
    const titles = flakyTitles(report.suites)
    flaky.push(...titles, ...Array(Math.max(0, retried - titles.length)).fill(`(a test in ${file})`))
    console.log(`${file}: ${report.stats.expected} passed, ${report.stats.unexpected} failed, ${retried} flaky`)
  } else if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + (report.numTodoTests ?? 0)
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`)
  }
}

if (flaky.length > 0) {
  console.log(`\nFlaky (passed only on a retry${inCi ? ', counted as failed in CI' : ''}):`)
  for (const title of flaky) console.log(`  ${title}`)
  if (inCi) failed += flaky.length
  else passed += flaky.length
}
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
if (inCi && flaky.length > 0) process.exitCode = 1
