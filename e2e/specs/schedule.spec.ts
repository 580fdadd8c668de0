import { expect, test } from '@playwright/test';
import {
  addGitProject,
  addSshServer,
  api,
  choose,
  clickUntilShown,
  openFromMenu,
  pressOnce,
  signIn,
} from './support';
import { useDeployTarget } from './deployTarget';

/** A deploy scheduled in the UI for the next minute runs on its own, on a real server. */
const target = useDeployTarget('schedule', {
  files: { 'index.html': '<h1>scheduled</h1>\n' },
  message: 'scheduled page',
});

test('a deploy scheduled for the next minute runs and succeeds', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `sched-${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const serverId = await addSshServer(page.request, `web-${name}`, target.sshd);
  const projectId = await addGitProject(page.request, {
    name,
    url: target.origin.url,
    path: `${target.mountAt}/app`,
    serverIds: [serverId],
  });

  await page.goto('/deploy/index');
  const card = page.getByRole('article', { name, exact: true });
  const drawer = page.locator('.ant-drawer').filter({ hasText: `Scheduled deploys of ${name}` });
  await openFromMenu(
    page,
    card.getByRole('button', { name: `More actions for ${name}` }),
    /Schedule/,
    drawer,
  );
  await expect(drawer.getByText('No scheduled deploys')).toBeVisible();

  // Picked until the select shows it: a click on a list still rendering can be lost.
  await choose(page, drawer.getByLabel('Branch'), 'origin/main');
  // Until the expression's field shows: a click while the drawer still slides in can be lost.
  await clickUntilShown(
    drawer.getByText('Repeat', { exact: true }),
    drawer.getByLabel(/Cron expression/),
  );
  await drawer.getByLabel(/Cron expression/).fill('* * * * *');
  await expect(drawer.getByLabel('Next runs').locator('li')).toHaveCount(5);
  // The console's answer is asserted, so a refusal fails with its message, not a missing row.
  const added = page.waitForResponse((r) => r.url().includes('/project/addTask'));
  await pressOnce(drawer.getByRole('button', { name: 'Schedule', exact: true }));
  const answer = (await (await added).json()) as { code: number; message: string };
  expect(answer.code, answer.message).toBe(0);
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
    id: String(projectId),
  });
  await api(page.request, 'DELETE', '/project/removeTask', { id: tasks.list[0]!.id });

  const progress = page.locator('.ant-drawer').filter({ hasText: `Deploy of ${name}` });
  await clickUntilShown(drawer.getByRole('button', { name: 'Open deploy' }), progress);
  await expect(progress.getByText('Deployed', { exact: true })).toBeVisible({ timeout: 30_000 });
});
