// The closing block of a CI log: each suite's counts and every failed test by file and name, with
// the first lines of its error. The platform keeps only the tail of a CI log, so a failure has to
// be named here, at the end, or it is lost (stops 35 and 38 failed with no failing test on record).
//   node .ci/failures.cjs <vitest json report>...
//   node .ci/failures.cjs --label="Node 22" <report>    one suite's closing line, and its failures
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const firstLines = (text, n) => String(text ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim())
  .filter((l) => l && !/node_modules|node:internal|^at new Promise/.test(l)).slice(0, n);
let failed = 0;
const label = process.argv.find((a) => a.startsWith('--label='))?.slice('--label='.length);
for (const file of process.argv.slice(2).filter((a) => !a.startsWith('--label='))) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    console.log(`${path.basename(file)}: no report (the suite did not finish)`);
    failed++;
    continue;
  }
  // numFailedTestSuites counts failed describe blocks too; the files are counted here.
  const counts = `${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`;
  console.log(label ? `${label}: ${counts}` : `${path.basename(file, '.json')}: ${counts}; files failed: ${(report.testResults ?? []).filter((f) => f.status === 'failed').length}`);
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name);
    const tests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    // A file that failed before its tests ran (an import, a hook) has no failed test to name.
    if (suite.status === 'failed' && !tests.length) {
      failed++;
      console.log(`  FAILED ${where} (the file itself)`);
      for (const line of firstLines(suite.message, 6)) console.log(`      ${line}`);
    }
    for (const t of tests) {
      failed++;
      console.log(`  FAILED ${where} > ${t.fullName}`);
      // Vitest keeps a timed-out test's stack but not its message: the stack opens "STACK_TRACE_ERROR".
      const text = (t.failureMessages ?? []).join('\n').replace(/^Error: STACK_TRACE_ERROR/gm, `Timed out (the test ran ${Math.round(t.duration ?? 0)} ms)`);
      for (const line of firstLines(text, 6)) console.log(`      ${line}`);
    }
  }
}
if (!failed && !label) console.log('no failed test in these reports');
