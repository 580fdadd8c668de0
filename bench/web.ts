/**
 * The JavaScript a signed-in user downloads to see the first page, gzip-compressed, measured in
 * Debian's Chromium against a real server on the freshly built app. Also the largest chunk that
 * loads later (a route, a dialog). Target: the first page needs at most 400 KB gzip (`npm test`
 * holds it there: e2e/specs/first-page-size.spec.ts, with the same measure).
 *
 *   npm run bench:web
 *   BENCH_WEB_PATH=/namespace/index npm run bench:web   (the same, for another page)
 *   BENCH_WEB_LOCALE=zh-CN npm run bench:web            (the same, in Chinese)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  FIRST_PAGE_BUDGET_KB,
  gzipKb,
  measureFirstPage,
  type FirstPage,
} from '../e2e/specs/firstPageScripts.js';
import { BENCH_PASSWORD, startBenchConsole } from './bench-console.js';

const webRoot = path.resolve('web/dist');

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: 'web', stdio: 'inherit' });

const kb = (n: number) => `${n.toFixed(1)} KB`;

const bench = await startBenchConsole('web', { webRoot, logLevel: 'warn' });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

let first: FirstPage;
try {
  first = await measureFirstPage(browser, {
    baseURL: `http://${bench.host}`,
    account: 'admin',
    password: BENCH_PASSWORD,
    path: process.env.BENCH_WEB_PATH ?? '/',
    locale: process.env.BENCH_WEB_LOCALE ?? 'en-US',
    webRoot,
  });
} finally {
  await browser.close();
  await bench.close();
}

const loaded = new Set(first.scripts.map((s) => s.file));
const later = fs
  .readdirSync(path.join(webRoot, 'assets'))
  .filter((f) => f.endsWith('.js') && !loaded.has(`/assets/${f}`))
  .map((f) => ({ file: f, kb: gzipKb(path.join(webRoot, 'assets', f)) }))
  .sort((a, b) => b.kb - a.kb);

console.log(`first page after login (${first.landedOn}): ${first.scripts.length} scripts`);
for (const s of first.scripts) console.log(`  ${kb(s.kb).padStart(9)}  ${s.file}`);
const met = first.totalKb <= FIRST_PAGE_BUDGET_KB;
console.log(
  `  total ${kb(first.totalKb)} gzip; target ≤ ${FIRST_PAGE_BUDGET_KB} KB: ${met ? 'met' : 'MISSED'}`,
);
console.log(`  Chromium received ${kb(first.sentKb)} for them (it accepts brotli)`);
const largest = later[0];
console.log(
  largest
    ? `largest chunk loaded later: ${largest.file} ${kb(largest.kb)} gzip`
    : 'no later chunks',
);
if (!met) process.exitCode = 1;
