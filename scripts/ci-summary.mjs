// Adds up the vitest JSON reports of the CI suites and prints "N passed, N failed".
// A missing report, a suite that ran no test, or a file that failed to load counts as a failure,
// and so does a suite whose run exited non-zero with no failed test (vitest's "unhandled errors":
// an exception outside any test), its exit code read from .tmp/ci/<suite>.exit when present.
// Each suite's line also counts its tests and their `expect` calls (tests/support/count-expects.ts
// writes them into each test's meta), so two runs can show that a change left the tests as they were.
import { existsSync, readFileSync } from 'node:fs';

const suites = ['1-npm-test', '2-api-postgres-redis', '3-e2e'];
let passed = 0;
let failed = 0;
const failures = [];
for (const name of suites) {
  const file = `.tmp/ci/${name}.json`;
  if (!existsSync(file)) {
    console.log(`${name}: no report (the suite did not run)`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const brokenFiles = r.numFailedTests === 0 ? (r.numFailedTestSuites ?? 0) : 0;
  const empty = r.numTotalTests === 0 ? 1 : 0;
  const exitFile = `.tmp/ci/${name}.exit`;
  const exitCode = existsSync(exitFile) ? Number(readFileSync(exitFile, 'utf8').trim()) : 0;
  const unexplained = exitCode !== 0 && r.numFailedTests + brokenFiles + empty === 0 ? 1 : 0;
  console.log(`${name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed${brokenFiles ? `, ${brokenFiles} files failed to run` : ''}${unexplained ? `, exited ${exitCode} with errors outside the tests (counted as 1 failure; see its output)` : ''}`);
  const secondsFile = `.tmp/ci/${name}.seconds`;
  const took = existsSync(secondsFile) ? `, ${readFileSync(secondsFile, 'utf8').trim()} s` : '';
  console.log(`${name}: ${counts(r)}${took}`);
  for (const file of r.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${name}: ${where} › ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) failures.push(`${name}: ${where} — ${firstLine(file.message)}`);
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests + brokenFiles + empty + unexplained;
}
// Named just above the totals: CI reports often keep only the tail of the output.
if (failures.length) console.log(`failed:\n${failures.slice(0, 30).map((f) => `  ${f}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** "N tests (N skipped) in N files, N expect calls": the expect calls of the tests that ran, as their meta counted them. */
function counts(report) {
  const tests = (report.testResults ?? []).flatMap((file) => file.assertionResults ?? []);
  const expects = tests.reduce((sum, test) => sum + (test.meta?.expects ?? 0), 0);
  const skipped = tests.filter((test) => test.status !== 'passed' && test.status !== 'failed').length;
  return `${tests.length} tests (${skipped} skipped) in ${(report.testResults ?? []).length} files, ${expects} expect calls`;
}

function firstLine(text) {
  return String(text ?? '').split('\n').find((line) => line.trim())?.trim().slice(0, 200) ?? '';
}
