import fs from 'node:fs';
import { defineConfig } from 'vitest/config';
import { NOT_ON_POSTGRES, ON_POSTGRES } from './server/test/engine-split.js';

/**
 * One runner for every workspace. Every server test runs on SQLite; those whose subject depends
 * on the engine run on a real PostgreSQL server too (`server/test/engine-split.ts`).
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
          name: 'server-postgres',
          root: 'server',
          include: ON_POSTGRES.map((r) => r.files),
          exclude: [...NOT_ON_POSTGRES],
          env: { FERRY_TEST_DB: 'postgres' },
          globalSetup: ['test/postgres-setup.ts'],
        },
      },
      ...(fs.existsSync('web/vitest.config.ts') ? ['web/vitest.config.ts'] : []),
    ],
  },
});
