import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import {
  addSshServer,
  clickUntilHidden,
  clickUntilShown,
  pressOnce,
  selectTab,
  shot,
  signIn,
  watchCspViolations,
} from './support';

/**
 * Cron jobs in a real browser against a real sshd server and Debian's cron daemon: add a job
 * running every minute, see it in Ferry's block of the server user's crontab, and wait for its
 * run (exit code 0, its output) in the job's history. In the dark theme at the narrowest desktop
 * width, then in the light theme and on a phone.
 */
let fleet: SshdFleet;
let sshd: SshdServer;
/** The cron daemon this spec started, to stop again; none when one already ran. */
let startedCron: number | undefined;

const CRON_PID_FILE = '/run/crond.pid';

/** The pid of a live cron daemon, if one runs. */
function liveCron(): number | undefined {
  try {
    const pid = Number(fs.readFileSync(CRON_PID_FILE, 'utf8').trim());
    if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
    // A daemon that ended but was not reaped stays a zombie ("Z"): not a live one.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X' ? undefined : pid;
  } catch {
    return undefined;
  }
}

/**
 * Starts cron unless one runs (it is one per machine, and other test runs may start and stop
 * theirs meanwhile); remembers the one this spec started, to stop it at the end.
 */
async function keepCronRunning(): Promise<void> {
  if (liveCron()) return;
  // Another run starting one at the same moment wins the pid file: this one then exits.
  const started = spawnSync('/usr/sbin/cron', [], { stdio: 'ignore' });
  await expect.poll(liveCron, { timeout: 10_000 }).toBeGreaterThan(0);
  if (started.status === 0) startedCron = liveCron();
}

test.beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  sshd = fleet.servers[0]!;
  await keepCronRunning();
});

test.afterAll(async () => {
  await fleet?.stopAll();
  if (startedCron && liveCron() === startedCron) process.kill(startedCron, 'SIGTERM');
});

/** Nothing scrolls sideways. */
const fitsWidth = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);

test('a job added on the cron page runs and its run appears in the history', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 992, height: 900 });
  await page.addInitScript(() => {
    if (!localStorage.getItem('theme')) localStorage.setItem('theme', 'dark');
  });
  const cspViolations = await watchCspViolations(page);
  await signIn(page);
  const stamp = Date.now().toString(36);
  const name = `cron-${stamp}`;
  const serverId = await addSshServer(page.request, name, sshd);

  await page.goto(`/server/cron?serverId=${serverId}`);
  await expect(page.getByRole('heading', { name: 'Cron jobs', exact: true })).toBeVisible();
  await expect(
    page.getByText('No cron jobs on this server yet. Add one with “Add job”.'),
  ).toBeVisible({ timeout: 30_000 });
  await shot(page, 'server-cron-empty-992-dark');

  // A job every minute printing a marker; the form shows the schedule in words and its next runs.
  const marker = `ferry-cron-marker-${stamp}`;
  const drawer = page.getByRole('dialog', { name: 'Add a cron job' });
  // Opened until it shows: a click while the page still renders its list can be lost.
  await clickUntilShown(page.getByRole('button', { name: 'Add job' }).first(), drawer);
  await drawer.getByLabel('Schedule', { exact: true }).fill('*/5 * * *');
  await expect(drawer.getByText('The schedule has 4 fields; it needs 5')).toBeVisible();
  await drawer.getByLabel('Schedule', { exact: true }).fill('* * * * *');
  await expect(drawer.getByText('Every minute')).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Next runs' }).getByRole('listitem')).toHaveCount(
    5,
  );
  await drawer.getByLabel('Command', { exact: true }).fill(`echo ${marker}`);
  await drawer.getByLabel('Description', { exact: true }).fill('marker job');
  await shot(page, 'server-cron-form-992-dark');
  // Pressed once only: a second press would add the job twice.
  await pressOnce(drawer.getByRole('button', { name: 'Save' }));
  await expect(page.getByText('The job was added to the crontab')).toBeVisible();
  await expect(drawer).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: `echo ${marker}` });
  await expect(row.getByText('Every minute')).toBeVisible();
  await expect(row.getByRole('switch', { name: 'Enabled: marker job' })).toBeChecked();

  // The Crontab view: Ferry's block with the job's line, read from the server.
  await selectTab(page.getByRole('tab', { name: 'Crontab', exact: true }));
  const own = page.getByRole('list', { name: `Crontab of ${sshd.user}` });
  await expect(own.getByText(`'echo ${marker}'`)).toBeVisible({ timeout: 30_000 });
  await expect(own.getByText('Every minute')).toBeVisible();
  await expect(own.getByText('Ferry job').first()).toBeVisible();
  await expect(own.getByText('Ferry marker')).toHaveCount(2);
  await shot(page, 'server-cron-crontab-992-dark');
  await selectTab(page.getByRole('tab', { name: 'Jobs', exact: true }));

  // Cron runs the job at the next minute boundary; the history reads the run from the server.
  const history = page.getByRole('dialog', { name: 'Runs of marker job' });
  await clickUntilShown(row.getByRole('button', { name: 'Runs' }), history);
  // The output cell of a run (the job's own line above the table also names the marker).
  const run = history.getByRole('row').filter({ hasText: marker }).first();
  // No run yet, unless a minute began since the save and cron ran the job already.
  await expect(history.getByText('No runs yet.', { exact: false }).or(run).first()).toBeVisible();
  await expect(async () => {
    await keepCronRunning();
    await expect(run).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 150_000 });
  await expect(run.getByText('Exit 0')).toBeVisible();
  await shot(page, 'server-cron-history-992-dark');
  await clickUntilHidden(history.locator('.ant-drawer-close'), history);
  await expect(history).toBeHidden();
  await expect(row.getByText('Exit 0')).toBeVisible({ timeout: 30_000 });
  // At the narrowest desktop width every column shows without scrolling the table sideways.
  await expect
    .poll(() =>
      page.locator('.ant-table-content').evaluate((el) => el.scrollWidth <= el.clientWidth),
    )
    .toBe(true);
  await shot(page, 'server-cron-992-dark');

  // The light theme, then a phone: the list becomes cards and nothing scrolls sideways.
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.getByText('Every minute')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'server-cron-992-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(`echo ${marker}`)).toBeVisible();
  await fitsWidth(page);
  await shot(page, 'server-cron-phone-light', { settle: true });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.getByText(`echo ${marker}`)).toBeVisible({ timeout: 30_000 });
  await fitsWidth(page);
  await shot(page, 'server-cron-phone-dark', { settle: true });
  await clickUntilShown(page.getByRole('button', { name: 'Add job' }).first(), drawer);
  await expect(page.getByRole('dialog', { name: 'Add a cron job' })).toBeVisible();
  await shot(page, 'server-cron-form-phone-dark');
  expect(cspViolations()).toEqual([]);
});
