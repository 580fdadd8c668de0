import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { NOT_ON_POSTGRES, ON_POSTGRES } from './server/test/engine-split.js';
import { webProjects } from './web/vitest.config.js';

/**
 * One runner for every workspace. Every server test runs on SQLite; those whose subject depends
 * on the engine run on a real PostgreSQL server too (`server/test/engine-split.ts`).
 */
export default defineConfig({
  test: {
    // Every core: vitest's default leaves one to its main process, which mostly waits, so on two
    // cores the files ran one at a time.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'contract',
          root: 'contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server-sqlite',
          root: 'server',
          // One module graph per worker: a file imports the console's modules once per worker
          // instead of once per file (docs/decisions/0042). No server test mocks a module.
          isolate: false,
          include: ['src/**/*.test.ts'],
          // Several console processes on one database: PostgreSQL's alone (decision 0044).
          exclude: ['src/**/*.cluster.*.test.ts'],
          env: { FERRY_TEST_DB: 'sqlite' },
        },
      },
      {
        test: {
          name: 'server-postgres',
          root: 'server',
          // Shared like the SQLite project's, each file on a database of its own (decision 0042).
          isolate: false,
          setupFiles: ['test/postgres-file-setup.ts'],
          include: ON_POSTGRES.map((r) => r.files),
          exclude: [...NOT_ON_POSTGRES],
          env: { FERRY_TEST_DB: 'postgres' },
          globalSetup: ['test/postgres-setup.ts'],
        },
      },
      ...webProjects,
    ],
  },
});
