// Where a test run's time went: each step's wall time, the test files' time per tier and engine,
// and the slowest files, read from the runners' own reports.
import fs from 'node:fs';
import path from 'node:path';

const SLOWEST = 15;

/** The tier of a Vitest file by its name and project (the house's test tiers). */
function tierOf(project, file) {
  if (project.startsWith('web')) return 'web component';
  if (file.endsWith('.security.test.ts')) return `security (${project})`;
  if (file.endsWith('.int.test.ts')) return `integration (${project})`;
  if (file.endsWith('.process.test.ts')) return `process (${project})`;
  return `unit (${project})`;
}

/** The Playwright spec files of a JSON report, with the time their tests took. */
function e2eFiles(report, root) {
  const times = new Map();
  const walk = (suite, file) => {
    const where = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const r of test.results ?? []) times.set(where, (times.get(where) ?? 0) + r.duration);
      }
    }
    for (const child of suite.suites ?? []) walk(child, where);
  };
  for (const s of report.suites ?? []) walk(s, s.file);
  return [...times].map(([file, ms]) => ({
    tier: 'end to end',
    file: path.join(path.relative(root, report.config?.rootDir ?? root), file),
    ms,
  }));
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Prints the steps' wall times, the summed file times per tier (files run in parallel, so they
 * add up to more than the wall time) and the slowest files.
 */
export function printTestTimes({ root, steps, vitestTimes, e2eJson }) {
  const files = [];
  if (vitestTimes && fs.existsSync(vitestTimes)) {
    for (const f of JSON.parse(fs.readFileSync(vitestTimes, 'utf8'))) {
      files.push({
        tier: tierOf(f.project, f.file),
        file: `${f.file} [${f.project}]`,
        ms: f.ms,
        beforeTests: f.beforeTests ?? 0,
      });
    }
  }
  if (e2eJson && fs.existsSync(e2eJson)) {
    files.push(...e2eFiles(JSON.parse(fs.readFileSync(e2eJson, 'utf8')), root));
  }
  console.log('\nTime per step (wall):');
  for (const s of steps) console.log(`  ${s.name.padEnd(40)} ${seconds(s.ms).padStart(9)}`);
  const tiers = new Map();
  for (const f of files) {
    const t = tiers.get(f.tier) ?? { n: 0, ms: 0, beforeTests: 0 };
    tiers.set(f.tier, {
      n: t.n + 1,
      ms: t.ms + f.ms,
      beforeTests: t.beforeTests + (f.beforeTests ?? 0),
    });
  }
  console.log(
    '\nTime per tier (test files, summed over parallel workers; before their tests: environment,' +
      ' imports and set-up files):',
  );
  for (const [tier, t] of [...tiers].sort((a, b) => b[1].ms - a[1].ms)) {
    const before = t.beforeTests > 0 ? `  (${seconds(t.beforeTests)} before tests)` : '';
    console.log(`  ${tier.padEnd(40)} ${seconds(t.ms).padStart(9)}  ${t.n} files${before}`);
  }
  console.log(`\nThe ${SLOWEST} slowest test files:`);
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
    console.log(`  ${seconds(f.ms).padStart(9)}  ${f.file}`);
  }
}
