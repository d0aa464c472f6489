import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every test runs on the embedded database (PGlite). With TEST_DATABASE_URL set, the storage
// tests (*.int.test.ts) run a second time on that PostgreSQL server.
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Test files share their worker's module cache: every file builds its own app on its own
    // database and nothing is mocked, and re-importing the app's module graph for each file cost
    // about a second per file (a quarter of the suite's time on the 2-core CI machine).
    isolate: false,
    // Vitest's default is one worker per core but one, which on the 2-core CI machine is a single
    // worker: the suite then ran file after file while its tests waited on spawned processes,
    // Chromium and PostgreSQL, and beside other CPU-bound processes it got a third of the machine.
    // Two workers there; every file has its own databases, ports and directories.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    // Pins the simulated engines' day and marks the files that use them (test/helpers/simulated-day.ts).
    setupFiles: ['test/helpers/simulated-day.ts'],
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/helpers/global-setup.ts'],
          provide: { dbDriver: 'pglite' as const },
        },
      },
      ...(postgresUrl
        ? [{
            extends: true as const,
            test: {
              name: 'postgres',
              include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
              globalSetup: ['test/helpers/global-setup.ts'],
              provide: { dbDriver: 'postgres' as const },
            },
          }]
        : []),
    ],
  },
});
