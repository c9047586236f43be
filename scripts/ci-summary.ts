import fs from 'node:fs';
import path from 'node:path';

/**
 * Adds up the JSON reports of every test run in reports/ (Jest and Playwright) and prints
 * `N passed, N failed`. A check that produced no report (lint, type-check, a crashed runner)
 * is passed as `--failed-step NAME` and counts as one failure.
 */
interface Totals {
  passed: number;
  failed: number;
}

function readReport(file: string): Totals {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) };
  }
  if (report.stats && typeof report.stats.expected === 'number') {
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  }
  throw new Error(`${file} is neither a Jest nor a Playwright JSON report`);
}

const args = process.argv.slice(2);
const failedSteps = args.filter((_, i) => args[i - 1] === '--failed-step');
const reportsDir = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--failed-step') ?? 'reports';
const files = fs.existsSync(reportsDir) ? fs.readdirSync(reportsDir).filter((name) => name.endsWith('.json')) : [];

const totals = files.reduce<Totals>(
  (sum, name) => {
    const file = path.join(reportsDir, name);
    try {
      const { passed, failed } = readReport(file);
      console.log(`${name}: ${passed} passed, ${failed} failed`);
      return { passed: sum.passed + passed, failed: sum.failed + failed };
    } catch (error) {
      console.log(`${name}: unreadable (${error instanceof Error ? error.message : error})`);
      return { ...sum, failed: sum.failed + 1 };
    }
  },
  { passed: 0, failed: failedSteps.length },
);
for (const step of failedSteps) console.log(`${step}: failed`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
