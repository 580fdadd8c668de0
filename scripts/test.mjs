// `npm test`: on a supported Node, install what the tests need (Debian packages when run as
// root), then lint, type checks and every test tier. Ends with one line "tests: N passed, M failed".
import fs from 'node:fs';
import path from 'node:path';
import {
  ensureCliBuild,
  ensureDebianPackages,
  ensureNodeModules,
  ensureServerBuild,
  ensureWebBuild,
  root,
  run,
} from './lib.mjs';
import { postgresBinDir, startPostgres } from './postgres-server.mjs';
import { useSupportedNode } from './runtime.mjs';
import { printTestTimes } from './test-times.mjs';

await useSupportedNode();

const started = Date.now();
console.log(`Node ${process.versions.node}`);
ensureDebianPackages([
  { pkg: 'git', path: '/usr/bin/git' },
  // Subversion projects: the console's svn client, and svnserve serving the tests' repositories.
  { pkg: 'subversion', path: '/usr/bin/svnserve' },
  // FTP sources: vsftpd serves the tests' folders over FTP and FTPS.
  { pkg: 'vsftpd', path: '/usr/sbin/vsftpd' },
  { pkg: 'rsync', path: '/usr/bin/rsync' },
  { pkg: 'openssh-server', path: '/usr/sbin/sshd' },
  { pkg: 'openssh-client', path: '/usr/bin/ssh' },
  { pkg: 'sshpass', path: '/usr/bin/sshpass' },
  { pkg: 'chromium', path: '/usr/bin/chromium' },
  { pkg: 'openssl', path: '/usr/bin/openssl' },
  // Ping monitors use the system's ping (the TCP fallback is tested where ICMP is refused).
  { pkg: 'iputils-ping', path: '/usr/bin/ping' },
  // The metrics agent reports with curl or wget and signs with openssl or sha256sum and xxd:
  // its tests run it with each.
  { pkg: 'curl', path: '/usr/bin/curl' },
  { pkg: 'wget', path: '/usr/bin/wget' },
  { pkg: 'xxd', path: '/usr/bin/xxd' },
  // Cron jobs are written to real crontabs and run by the real daemon; nginx configurations are
  // edited, tested and reloaded on a real nginx run by a server's user.
  { pkg: 'cron', path: '/usr/sbin/cron' },
  { pkg: 'nginx', path: '/usr/sbin/nginx' },
  // The end-to-end screenshots of the Chinese pages are read by people: without a CJK font
  // Chromium draws every character as a box.
  { pkg: 'fonts-noto-cjk', path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc' },
  // goploy imports: the tests read a goploy database from a real MariaDB server.
  { pkg: 'mariadb-server', path: '/usr/sbin/mariadbd' },
  { pkg: 'mariadb-client', path: '/usr/bin/mariadb' },
  // Sign-in with LDAP: the tests run a real OpenLDAP server and load its tree with its tools.
  { pkg: 'slapd', path: '/usr/sbin/slapd' },
  { pkg: 'ldap-utils', path: '/usr/bin/ldapmodify' },
  // The tests' PostgreSQL server (docs/decisions/0040): a private one for the run.
  {
    pkg: 'postgresql',
    path: path.join(postgresBinDir() ?? '/usr/lib/postgresql/15/bin', 'postgres'),
  },
]);

const failures = [];
const steps = [];
async function step(name, cmd, args, opts) {
  const t = Date.now();
  console.log(`\n=== ${name}`);
  const code = await run(cmd, args, opts);
  const ms = Date.now() - t;
  steps.push({ name, ms });
  console.log(
    `=== ${name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${(ms / 1000).toFixed(1)} s`,
  );
  if (code !== 0) failures.push(name);
  return code;
}

if ((await ensureNodeModules()) !== 0) process.exit(1);

// One PostgreSQL server for the run, unless FERRY_TEST_PG names one: the server tests that run on
// PostgreSQL and the end-to-end consoles use it. It is stopped and removed when this run ends,
// however it ends.
const postgres = process.env.FERRY_TEST_PG ? undefined : await startPostgres();
const pgUrl = process.env.FERRY_TEST_PG ?? postgres.url;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => process.exit(1));
const e2eDatabases = await createDatabases(pgUrl, [
  `ferry_e2e_${process.pid}`,
  `ferry_e2e_${process.pid}_captcha`,
]);

const resultsDir = path.join(root, 'node_modules', '.cache', 'ferry-test');
fs.mkdirSync(resultsDir, { recursive: true });
const vitestJson = path.join(resultsDir, 'vitest.json');
const vitestTimes = path.join(resultsDir, 'vitest-times.json');
fs.rmSync(vitestJson, { force: true });
fs.rmSync(vitestTimes, { force: true });

// The static checks share the two cores: ESLint in two processes, the web and the rest (each
// builds the type information of its own files alone), beside the format and type checks.
await Promise.all([
  step('lint (web)', 'npx', ['eslint', 'web']),
  step('lint (the rest)', 'npx', ['eslint', '.', '--ignore-pattern', 'web/**']),
  (async () => {
    await step('format', 'npx', ['prettier', '--check', '.']);
    await step('typecheck', 'npm', ['run', 'typecheck']);
  })(),
]);
await step(
  'unit, integration and security tests',
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
    '--reporter=./scripts/vitest-file-times.mjs',
  ],
  { env: { ...process.env, FERRY_TEST_TIMES: vitestTimes, FERRY_TEST_PG: pgUrl } },
);
const buildStarted = Date.now();
if ((await ensureWebBuild()) !== 0) failures.push('web build');
if ((await ensureServerBuild()) !== 0) failures.push('server build');
if ((await ensureCliBuild()) !== 0) failures.push('ferry build');
steps.push({ name: 'build', ms: Date.now() - buildStarted });

const e2eSpecs = fs.existsSync(path.join(root, 'e2e', 'specs'))
  ? fs.readdirSync(path.join(root, 'e2e', 'specs')).filter((f) => f.endsWith('.spec.ts'))
  : [];
const e2eJson = path.join(resultsDir, 'e2e.json');
if (e2eSpecs.length > 0) {
  await step('end-to-end tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    env: {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
      FERRY_E2E_DB_URL: e2eDatabases[0],
      FERRY_E2E_CAPTCHA_DB_URL: e2eDatabases[1],
    },
  });
}
await dropDatabases(pgUrl, e2eDatabases);
await postgres?.stop();

let passed = 0;
let failed = 0;
const failedNames = [];
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  for (const file of r.testResults) {
    const where = path.relative(root, file.name);
    for (const t of file.assertionResults) {
      if (t.status === 'failed') failedNames.push(`${where} › ${t.fullName}`);
    }
    // A file that failed before its tests ran (an import or a hook) has no failed test to name.
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      failedNames.push(`${where}: ${String(file.message).split('\n')[0]}`);
    }
  }
} else {
  failed += 1;
}
if (e2eSpecs.length > 0 && fs.existsSync(e2eJson)) {
  const s = JSON.parse(fs.readFileSync(e2eJson, 'utf8')).stats ?? {};
  passed += s.expected ?? 0;
  failed += (s.unexpected ?? 0) + (s.flaky ?? 0);
}
printTestTimes({ root, steps, vitestTimes, e2eJson });
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
if (failedNames.length > 0) console.log(`Failed tests:\n- ${failedNames.join('\n- ')}`);
console.log(`\nAll steps took ${minutes} min.`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);

/** Makes empty databases on the server of `url`; answers their URLs. */
async function createDatabases(url, names) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of names) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  return names.map((name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString());
}

/** Drops the databases `createDatabases` made (an existing server keeps nothing of the run). */
async function dropDatabases(url, urls) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const u of urls) {
      await client.query(`drop database if exists "${new URL(u).pathname.slice(1)}" with (force)`);
    }
  } finally {
    await client.end();
  }
}
