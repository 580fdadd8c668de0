/**
 * The JavaScript a signed-in user downloads to see the first page, gzip-compressed, measured in
 * Debian's Chromium against a real server on the freshly built app. Also the largest chunk that
 * loads later (a route, a dialog). Target: the first page needs at most 400 KB gzip.
 *
 *   npm run bench:web
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { systemClock } from '../server/src/core/clock.js';
import { createSecretBox } from '../server/src/core/crypto.js';
import { migrateToLatest, openSqlite } from '../server/src/db/database.js';
import { seed } from '../server/src/db/seed.js';

const TARGET_KB = 400;
const PASSWORD = 'Bench123!';
const webRoot = path.resolve('web/dist');

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: 'web', stdio: 'inherit' });

/** The size of the gzip variant the server sends (written by the build), or of a fresh gzip. */
const gzipKb = (file: string) =>
  (fs.existsSync(`${file}.gz`)
    ? fs.statSync(`${file}.gz`).size
    : zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length) / 1024;
const kb = (n: number) => `${n.toFixed(1)} KB`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-web-'));
const db = openSqlite(path.join(dir, 'ferry.db'));
await migrateToLatest(db);
await seed(db, { adminPassword: PASSWORD, now: Date.now() });
const app = await buildApp({
  config: loadConfig({ FERRY_DATA_DIR: dir, FERRY_LOG_LEVEL: 'warn' }),
  db,
  box: createSecretBox(Buffer.alloc(32, 1)),
  clock: systemClock,
  webRoot,
});
await app.fastify.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.fastify.server.address() as { port: number }).port}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
/** Signs in, then loads `/` in a fresh page: the scripts it fetches and where it landed. */
async function loadFirstPage(): Promise<{ scripts: string[]; landedOn: string; sent: number }> {
  const context = await browser.newContext();
  const login = await context.request.post(`${base}/user/login`, {
    data: { account: 'admin', password: PASSWORD },
  });
  if (((await login.json()) as { code: number }).code !== 0) throw new Error('login failed');
  // What the login page stores after a successful login.
  await context.addInitScript({ content: "localStorage.setItem('LOGIN', 'true');" });
  const page = await context.newPage();
  const scripts = new Map<string, Promise<number>>();
  page.on('requestfinished', (r) => {
    if (r.resourceType() !== 'script') return;
    scripts.set(
      new URL(r.url()).pathname,
      r.sizes().then((s) => s.responseBodySize),
    );
  });
  await page.goto(`${base}${process.env.BENCH_WEB_PATH ?? '/'}`, { waitUntil: 'networkidle' });
  await page.getByRole('navigation', { name: 'Open pages' }).waitFor();
  const sent = (await Promise.all(scripts.values())).reduce((a, b) => a + b, 0);
  return { scripts: [...scripts.keys()], landedOn: new URL(page.url()).pathname, sent };
}

let measured: { scripts: string[]; landedOn: string; sent: number };
try {
  measured = await loadFirstPage();
} finally {
  await browser.close();
  await app.fastify.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
const { scripts: firstPage, landedOn, sent } = measured;

const sizes = firstPage.map((p) => ({ file: p, kb: gzipKb(path.join(webRoot, p)) }));
const total = sizes.reduce((s, x) => s + x.kb, 0);
const later = fs
  .readdirSync(path.join(webRoot, 'assets'))
  .filter((f) => f.endsWith('.js') && !firstPage.includes(`/assets/${f}`))
  .map((f) => ({ file: f, kb: gzipKb(path.join(webRoot, 'assets', f)) }))
  .sort((a, b) => b.kb - a.kb);

console.log(`first page after login (${landedOn}): ${sizes.length} scripts`);
for (const s of sizes.sort((a, b) => b.kb - a.kb))
  console.log(`  ${kb(s.kb).padStart(9)}  ${s.file}`);
console.log(
  `  total ${kb(total)} gzip; target ≤ ${TARGET_KB} KB: ${total <= TARGET_KB ? 'met' : 'MISSED'}`,
);
console.log(`  Chromium received ${kb(sent / 1024)} for them (it accepts brotli)`);
const largest = later[0];
console.log(
  largest
    ? `largest chunk loaded later: ${largest.file} ${kb(largest.kb)} gzip`
    : 'no later chunks',
);
if (total > TARGET_KB) process.exitCode = 1;
