import { expect, test } from '@playwright/test';
import nodePath from 'node:path';
import { addGitProject, addSshServer, clickUntilShown, pressOnce, SHOTS, signIn } from './support';
import { useDeployTarget } from './deployTarget';

/** While a slow after-pull build runs, the deploy view names that stage and times it. */
const target = useDeployTarget('stage', {
  files: { 'index.html': '<h1>v1</h1>\n' },
  message: 'first page',
});

test('the stepper shows the after-pull build running, with a ticking timer', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `build-${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const serverId = await addSshServer(page.request, `web-${name}`, target.sshd);
  await addGitProject(
    page.request,
    { name, url: target.origin.url, path: `${target.mountAt}/app`, serverIds: [serverId] },
    {
      script: {
        afterPull: { mode: 'bash', content: 'echo build starts\nsleep 8\necho build done' },
      },
    },
  );

  await page.goto('/deploy/index');
  const card = page.getByRole('article', { name, exact: true });
  const confirm = page.getByRole('dialog', { name: `Deploy ${name}` });
  // Opened until it shows: a click while the page still renders its cards can be lost.
  await clickUntilShown(card.getByRole('button', { name: /Deploy$/ }), confirm);
  await expect(confirm.getByText('first page')).toBeVisible({ timeout: 20_000 });
  // Pressed once only: a second press would deploy twice.
  await pressOnce(confirm.getByRole('button', { name: /Deploy$/ }));
  const drawer = page.locator('.ant-drawer').filter({ hasText: `Deploy of ${name}` });
  await expect(drawer.getByText('build starts')).toBeVisible({ timeout: 30_000 });

  const running = drawer.locator('.ant-steps-item-process');
  await expect(running).toContainText('After-pull script');
  await expect(card.getByText('Deploying: After-pull script')).toBeVisible();
  const timer = running.getByTestId('stage-timer');
  await expect(timer).toHaveText(/^\d+s$/);
  const first = await timer.textContent();
  await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
  await shot();
  // The pull finished before: it shows how long it took.
  await expect(drawer.locator('.ant-steps-item-finish').filter({ hasText: 'Pull' })).toContainText(
    /\d+s/,
  );

  await expect(drawer.getByText('Deployed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByTestId('stage-timer')).toHaveCount(0);

  async function shot() {
    await page.screenshot({ path: nodePath.join(SHOTS, 'deploy-stage-running.png') });
  }
});
