import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

// Runs before every test file (vitest `setupFiles`). The simulated engines seed their answers by
// the day; a test that runs them on the calendar's day would assert what held on the day it was
// written. So every server a test starts, in this process or spawned with its environment,
// answers as on one pinned day (GEO_SIMULATED_DAY), unless the test moves a clock of its own
// (then the clock's days seed the answers: a test of several days on fixed dates wants that). A
// test whose own clock starts at the real now and runs engines pins the day in its config
// (`pipeline.simulatedDay`), as test/outbox-kill.int.test.ts does.
// `GEO_SIMULATED_DAY=2027-03-01 npx vitest run …` tries the suite on other answers.
export const PINNED_SIMULATED_DAY = '2026-11-20';
process.env.GEO_SIMULATED_DAY ||= PINNED_SIMULATED_DAY;

// CI's date sweep (.ci/date-sweep) re-runs, under other system dates, the test files that made a
// simulated answer. With GEO_SIMULATED_FILES set to a folder, each such file leaves a marker
// there named after its path, so a new test file that starts a run joins the sweep by itself.
const markers = process.env.GEO_SIMULATED_FILES;
const testPath = expect.getState().testPath;
if (markers && testPath) {
  mkdirSync(markers, { recursive: true });
  process.env.GEO_SIMULATED_DAY_LOG = path.join(markers, encodeURIComponent(path.relative(process.cwd(), testPath)));
} else {
  delete process.env.GEO_SIMULATED_DAY_LOG;
}
