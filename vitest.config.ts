import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * One runner for every workspace. The server's integration and security suites run twice: on
 * SQLite and on PostgreSQL (PGlite in-process).
 */
export default defineConfig({
  test: {
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
          include: ['src/**/*.test.ts'],
          env: { FERRY_TEST_DB: 'sqlite' },
        },
      },
      {
        test: {
          name: 'server-pglite',
          root: 'server',
          include: ['src/**/*.int.test.ts', 'src/**/*.security.test.ts'],
          env: { FERRY_TEST_DB: 'pglite' },
          // The first test of each file boots PGlite (seconds on a busy machine).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(fs.existsSync('web/vitest.config.ts') ? ['web/vitest.config.ts'] : []),
    ],
  },
});
