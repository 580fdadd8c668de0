import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import nodePath from 'node:path';
import {
  addGitProject,
  addSshServer,
  clickUntilShown,
  clickUntilHidden,
  confirmWith,
  openFromMenu,
  pressOnce,
  shot,
  signIn,
  watchCspViolations,
} from './support';
import { useDeployTarget } from './deployTarget';

/**
 * A deploy in a real browser against a real git origin and a real sshd: deploy from the page,
 * watch the live log, see success, deploy again, and roll back to the first release from history.
 */
const target = useDeployTarget('deploy', {
  files: { 'index.html': '<h1>v1</h1>\n' },
  message: 'first page',
});

/** Deploys the branch head from the project's card and waits for the drawer to say so. */
async function deployFromCard(page: Page, name: string, message: string) {
  const card = page.getByRole('article', { name, exact: true });
  const confirm = page.getByRole('dialog', { name: `Deploy ${name}` });
  // Opened until it shows: a click while the page still renders its cards can be lost.
  await clickUntilShown(card.getByRole('button', { name: /Deploy$/ }), confirm);
  await expect(confirm.getByText(message)).toBeVisible({ timeout: 20_000 });
  // Pressed once only: a second press would deploy twice.
  await pressOnce(confirm.getByRole('button', { name: /Deploy$/ }));
  const drawer = page.locator('.ant-drawer').filter({ hasText: `Deploy of ${name}` });
  // This deploy's log names its commit: what follows is read from this deploy, not the last one.
  await expect(drawer.getByText(message).first()).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByText('built the site')).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByText('Deployed', { exact: true })).toBeVisible({ timeout: 30_000 });
  return drawer;
}

test('deploy from the page, watch the live log, roll back from history', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `site-${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  // The page's Content-Security-Policy refuses nothing the app does.
  const cspViolations = await watchCspViolations(page);
  await signIn(page);
  const serverId = await addSshServer(page.request, `web-${name}`, target.sshd);
  await addGitProject(
    page.request,
    { name, url: target.origin.url, path: `${target.mountAt}/app`, serverIds: [serverId] },
    {
      symlinkPath: `${target.mountAt}/releases`,
      script: {
        afterPull: {
          mode: 'bash',
          content: 'echo "building ${PROJECT_NAME}"\nsleep 1\necho built the site',
        },
      },
    },
  );

  await page.goto('/deploy/index');
  await expect(page.getByRole('heading', { name: 'Deploy projects' })).toBeVisible();
  const first = await deployFromCard(page, name, 'first page');
  await expect(first.getByText(`building ${name}`)).toBeVisible();
  await shot(page, 'deploy-progress-success');
  // Closed until it is gone: left open, it would cover the card the next deploy starts from.
  await clickUntilHidden(first.locator('.ant-drawer-close'));
  const readSite = () =>
    fs.readFileSync(nodePath.join(target.sshd.mounted!, 'app/index.html'), 'utf8');
  expect(readSite()).toBe('<h1>v1</h1>\n');

  await target.origin.commit({ 'index.html': '<h1>v2</h1>\n' }, 'second page');
  const second = await deployFromCard(page, name, 'second page');
  await clickUntilHidden(second.locator('.ant-drawer-close'));
  expect(readSite()).toBe('<h1>v2</h1>\n');
  const card = page.getByRole('article', { name, exact: true });
  await expect(card.getByText('second page')).toBeVisible();

  // History: roll back to the first deploy; its release is re-linked.
  const history = page.locator('.ant-drawer').filter({ hasText: `Deploy history of ${name}` });
  await openFromMenu(
    page,
    card.getByRole('button', { name: `More actions for ${name}` }),
    'History',
    history,
  );
  const firstRow = history.locator('tr').filter({ hasText: 'first page' });
  await expect(firstRow).toBeVisible({ timeout: 20_000 });
  // The drawer has slid in before the picture is taken.
  await expect(history.locator('.ant-drawer-content-wrapper')).toHaveCSS('transform', 'none');
  await shot(page, 'deploy-history');
  const confirmRollback = page.getByRole('dialog').filter({ hasText: `Roll ${name} back to` });
  await clickUntilShown(firstRow.getByRole('button', { name: /Roll back$/ }), confirmRollback);
  await confirmWith(page, 'Roll back', confirmRollback);
  await expect.poll(readSite, { timeout: 30_000 }).toBe('<h1>v1</h1>\n');
  // The rollback's progress drawer then says what it did, for as long as it stays open (what the
  // rollback answered shows for three seconds only: a busy machine's screenshot can miss it).
  const progress = page.locator('.ant-drawer').filter({ hasText: `Deploy of ${name}` });
  await expect(progress.getByText(/^re-linking release /)).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByText('Deployed', { exact: true })).toBeVisible({ timeout: 30_000 });

  // The server page lists the project among the server's projects and unbinds it.
  await page.goto('/server/index');
  const serverRow = page.getByRole('row').filter({ hasText: `web-${name}` });
  const projects = page.getByRole('dialog', { name: `Projects deploying to web-${name}` });
  await openFromMenu(
    page,
    serverRow.getByRole('button', { name: `More actions for web-${name}` }),
    page.locator('.ant-dropdown-menu').getByRole('menuitem', { name: /Projects$/ }),
    projects,
  );
  const bound = projects.getByRole('row').filter({ hasText: name });
  await expect(bound).toBeVisible({ timeout: 15_000 });
  const unbind = page.getByRole('dialog', { name: `Unbind ${name}?` });
  await clickUntilShown(bound.getByRole('button', { name: 'Unbind' }), unbind);
  await confirmWith(page, 'Unbind', unbind);
  await expect(projects.getByText(`No project deploys to web-${name}`)).toBeVisible();
  expect(cspViolations()).toEqual([]);
});
