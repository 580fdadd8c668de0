import { expect, test } from '@playwright/test';
import { createGitOrigin, type GitOrigin } from '../../server/test/git-fixture.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import { api, signIn } from './support';

/** A deploy scheduled in the UI for the next minute runs on its own, on a real server. */
const mountAt = `/srv/ferry-e2e-schedule-${Date.now().toString(36)}`;
let fleet: SshdFleet;
let sshd: SshdServer;
let origin: GitOrigin;

test.beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  sshd = fleet.servers[0]!;
  origin = await createGitOrigin();
  await origin.commit({ 'index.html': '<h1>scheduled</h1>\n' }, 'scheduled page');
});

test.afterAll(async () => {
  await fleet?.stopAll();
  origin?.cleanup();
});

test('a deploy scheduled for the next minute runs and succeeds', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `sched-${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const server = await api<{ id: number }>(page.request, 'POST', '/server/add', {
    name: `web-${name}`,
    ip: sshd.host,
    port: sshd.port,
    owner: sshd.user,
    password: sshd.password,
  });
  const project = await api<{ id: number }>(page.request, 'POST', '/project/add', {
    name,
    repoType: 'git',
    url: origin.url,
    path: `${mountAt}/app`,
    symlinkPath: '',
    environment: 3,
    branch: 'main',
    serverIds: [server.id],
    transferOption: '-rtv --exclude .git --delete-after',
  });

  await page.goto('/deploy/index');
  const card = page.getByRole('article', { name, exact: true });
  await card.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: /Schedule/ }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `Scheduled deploys of ${name}` });
  await expect(drawer.getByText('No scheduled deploys')).toBeVisible();

  await drawer.getByLabel('Branch').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'origin/main' })
    .click();
  await drawer.getByText('Repeat', { exact: true }).click();
  await drawer.getByLabel(/Cron expression/).fill('* * * * *');
  await expect(drawer.getByLabel('Next runs').locator('li')).toHaveCount(5);
  await drawer.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(drawer.getByText('* * * * *')).toBeVisible();
  await expect(drawer.getByText('Not run yet')).toBeVisible();

  // The next minute boundary, then a pass of the scheduler (every 10 s).
  const refresh = drawer.getByRole('button', { name: 'Refresh' });
  await expect
    .poll(
      async () => {
        await refresh.click();
        return drawer.getByText('Deployed', { exact: true }).count();
      },
      { timeout: 80_000, intervals: [3_000] },
    )
    .toBeGreaterThan(0);
  // Stop it repeating before following the deploy it started.
  const tasks = await api<{ list: { id: number }[] }>(page.request, 'GET', '/project/getTaskList', {
    id: String(project.id),
  });
  await api(page.request, 'DELETE', '/project/removeTask', { id: tasks.list[0]!.id });

  await drawer.getByRole('button', { name: 'Open deploy' }).click();
  const progress = page.locator('.ant-drawer').filter({ hasText: `Deploy of ${name}` });
  await expect(progress.getByText('Deployed', { exact: true })).toBeVisible({ timeout: 30_000 });
});
