import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end specs drive Debian's Chromium against the real console: the built web app served
 * by the compiled server (`server/dist/main.mjs`, what `npm start` runs; `npm test` builds both
 * first), on the run's PostgreSQL server under `npm test`, else on SQLite in a temporary data dir.
 */
const port = Number(process.env.FERRY_E2E_PORT ?? 18_480);
const dataDir = path.join(os.tmpdir(), `ferry-e2e-${process.pid}`);
/** A second console with the click captcha on, for the captcha spec. */
export const CAPTCHA_PORT = port + 1;
const captchaDataDir = `${dataDir}-captcha`;
export const ADMIN_PASSWORD = 'Admin123!';

/**
 * The console's database: the empty PostgreSQL database `npm test` made for this run
 * (FERRY_E2E_DB_URL), or, without one, SQLite in the data dir.
 */
const onDatabase = (url: string | undefined): Record<string, string> =>
  url ? { FERRY_DB_URL: url } : {};

/**
 * The two specs that take longest (about two minutes each: an agent's reports and rule windows,
 * every list page at two sizes) start first, one per worker: the workers then end together
 * instead of one running a long spec alone at the end. Files are handed out project by project,
 * in the order of `projects`.
 */
const LONGEST_FIRST = /\/(server-metrics|list-fit)\.spec\.ts$/;

export default defineConfig({
  testDir: 'specs',
  projects: [
    { name: 'longest', testMatch: LONGEST_FIRST },
    { name: 'rest', testIgnore: LONGEST_FIRST },
  ],
  timeout: 60_000,
  // Two browsers at once: the specs wait on cron minutes, monitors and sshd more than they
  // compute, and each makes its own data under unique names (docs/decisions/0042).
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `rm -rf ${dataDir} && node --enable-source-maps server/dist/main.mjs`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://127.0.0.1:${port}/user/getConfig`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        FERRY_PORT: String(port),
        FERRY_HOST: '127.0.0.1',
        FERRY_DATA_DIR: dataDir,
        FERRY_ADMIN_PASSWORD: ADMIN_PASSWORD,
        FERRY_LOG_LEVEL: 'warn',
        ...onDatabase(process.env.FERRY_E2E_DB_URL),
      },
    },
    {
      command: `rm -rf ${captchaDataDir} && node --enable-source-maps server/dist/main.mjs`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://127.0.0.1:${CAPTCHA_PORT}/user/getConfig`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        FERRY_PORT: String(CAPTCHA_PORT),
        FERRY_HOST: '127.0.0.1',
        FERRY_DATA_DIR: captchaDataDir,
        FERRY_ADMIN_PASSWORD: ADMIN_PASSWORD,
        FERRY_CAPTCHA: 'true',
        FERRY_LOG_LEVEL: 'warn',
        ...onDatabase(process.env.FERRY_E2E_CAPTCHA_DB_URL),
      },
    },
  ],
});
