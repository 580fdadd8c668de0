import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { NOT_ON_POSTGRES, ON_POSTGRES } from './server/test/engine-split.js';
import { webProjects } from './web/vitest.config.js';

/** How long one server test may run before vitest calls it hung (see the SQLite project). */
const SERVER_TEST_TIMEOUT_MS = 20_000;

/**
 * How long `expect.poll` waits for a server test's event (an agent removed over SSH, a run
 * recorded). vitest's 1 s default is a wait a busy 2-core machine misses; a poll still returns
 * the moment its condition holds, so this costs nothing when the machine is quick.
 */
const SERVER_POLL = { poll: { timeout: 10_000 } };

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
          // A hang guard, not a speed check: the tests log in to real servers (sshd, vsftpd, PAM's
          // delay after a wrong password), and on a busy 2-core machine vitest's 5 s cut tests
          // that take 4.5 s alone. Speed is measured by bench/, never by a test's timeout.
          testTimeout: SERVER_TEST_TIMEOUT_MS,
          expect: SERVER_POLL,
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
          testTimeout: SERVER_TEST_TIMEOUT_MS,
          expect: SERVER_POLL,
          // Shared like the SQLite project's, each file on a database of its own (decision 0042).
          isolate: false,
          setupFiles: ['test/postgres-file-setup.ts'],
          include: ON_POSTGRES.map((r) => r.files),
          exclude: [...NOT_ON_POSTGRES],
          env: { FERRY_TEST_DB: 'postgres' },
          globalSetup: ['test/postgres-setup.ts'],
        },
      },
      {
        test: {
          name: 'cli',
          root: 'cli',
          // Its integration tests drive a console with real sshd servers, as the server's do.
          testTimeout: SERVER_TEST_TIMEOUT_MS,
          expect: SERVER_POLL,
          include: ['src/**/*.test.ts', 'test/**/*.int.test.ts'],
          // They run the built command, as a pipeline does: built once for the run.
          globalSetup: ['test/build-ferry.ts'],
          env: { FERRY_TEST_DB: 'sqlite' },
        },
      },
      ...webProjects,
    ],
  },
});
