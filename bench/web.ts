/**
 * The JavaScript a signed-in user downloads to see the first page, gzip-compressed, measured in
 * Debian's Chromium against a real server on the freshly built app. Also the largest chunk that
 * loads later (a route, a dialog). Target: the first page needs at most 400 KB gzip.
 *
 *   npm run bench:web
 *   BENCH_WEB_PATH=/namespace/index npm run bench:web   (the same, for another page)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { BENCH_PASSWORD, startBenchConsole } from './bench-console.js';

const TARGET_KB = 400;
const webRoot = path.resolve('web/dist');

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: 'web', stdio: 'inherit' });

/** The size of the gzip variant the server sends (written by the build), or of a fresh gzip. */
const gzipKb = (file: string) =>
  (fs.existsSync(`${file}.gz`)
    ? fs.statSync(`${file}.gz`).size
    : zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length) / 1024;
const kb = (n: number) => `${n.toFixed(1)} KB`;

const bench = await startBenchConsole('web', { webRoot, logLevel: 'warn' });
const base = `http://${bench.host}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
/** Signs in, then loads `/` in a fresh page: the scripts it fetches and where it landed. */
async function loadFirstPage(): Promise<{ scripts: string[]; landedOn: string; sent: number }> {
  const context = await browser.newContext();
  const login = await context.request.post(`${base}/user/login`, {
    data: { account: 'admin', password: BENCH_PASSWORD },
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
  await bench.close();
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
