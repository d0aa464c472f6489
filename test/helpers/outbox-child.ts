// A worker process for test/outbox-kill.int.test.ts: it opens the test's database (a PGlite data
// directory or a PostgreSQL address), works the queued run, and kills itself with SIGKILL at the
// event hub's fault hook — right after the transaction that ends the run (and writes its event to
// the outbox) has committed, before any listener runs. Nothing after that point happens.
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openPglite, openPostgres } from '../../src/lib/db.ts';

const target = process.env.OUTBOX_TEST_DATABASE!;
const database = /^postgres(ql)?:\/\//.test(target) ? openPostgres(target, 4) : await openPglite(target);
const config = loadConfig({
  GEO_ENV: 'test', DATA_DIR: process.env.OUTBOX_TEST_DATA_DIR!, LOG_LEVEL: 'silent', GEO_SIMULATED_LATENCY_MS: '0',
  SESSION_SECRET: 's'.repeat(40), KEY_HASH_SECRET: 'k'.repeat(40), CREDENTIALS_KEY: '07'.repeat(32),
});
await buildApp({
  config, database, logger: false,
  faults: {
    afterCommit(event) {
      if (event.type.startsWith('run.')) process.kill(process.pid, 'SIGKILL');
    },
  },
});
process.stdout.write('worker ready\n');
