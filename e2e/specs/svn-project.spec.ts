import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import nodePath from 'node:path';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import { startSvnOrigin, type SvnOrigin } from '../../server/test/svn-fixture.js';
import { addSshServer, choose, openFromMenu, shot, signIn, watchCspViolations } from './support';

/**
 * A Subversion project in a real browser against a real svnserve (with a password) and a real
 * sshd: add it through the drawer, test the repository and pick its branch, deploy a chosen
 * revision from the deploy page, and find that revision in the history.
 */
const mountAt = `/srv/ferry-e2e-svn-${Date.now().toString(36)}`;
let fleet: SshdFleet;
let sshd: SshdServer;
let origin: SvnOrigin;
const revs: Record<string, number> = {};

test.beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  sshd = fleet.servers[0]!;
  origin = await startSvnOrigin();
  revs.first = await origin.commit({ 'index.html': '<h1>v1</h1>\n' }, 'first page');
  revs.second = await origin.commit({ 'index.html': '<h1>v2</h1>\n' }, 'second page');
});

test.afterAll(async () => {
  await origin?.stop();
  await fleet?.stopAll();
});

test('add a Subversion project, deploy a chosen revision and find it in the history', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const name = `legacy-${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  const cspViolations = await watchCspViolations(page);
  await signIn(page);
  await addSshServer(page.request, `web-${name}`, sshd);

  await page.goto('/project/index');
  await page.getByRole('button', { name: 'Add project' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Add a project' });
  await drawer.locator('#name').fill(name);
  await choose(page, drawer.getByRole('combobox', { name: 'Environment' }), 'Test');
  await drawer.locator('#path').fill(`${mountAt}/app`);

  await drawer.getByRole('tab', { name: 'Repository' }).click();
  await drawer.getByRole('radio', { name: 'Subversion' }).check();
  await drawer.locator('#url').fill(origin.url);
  await drawer.getByRole('radio', { name: 'Username and password' }).check();
  await drawer.locator('#repoUsername').fill(origin.username);
  await drawer.getByLabel('Password', { exact: true }).fill(origin.password);
  await drawer.getByRole('button', { name: 'Test repository' }).click();
  await expect(drawer.getByText('The repository answered')).toBeVisible({ timeout: 20_000 });
  await drawer.getByRole('button', { name: 'Load the branches of the remote' }).click();
  await choose(page, drawer.getByLabel('Branch', { exact: true }), 'master');
  await expect(drawer.getByLabel('Branch', { exact: true })).toHaveValue('master');
  await shot(page, 'project-drawer-svn', { settle: true });

  await drawer.getByRole('tab', { name: 'Servers' }).click();
  await choose(page, drawer.getByRole('combobox', { name: 'Servers', exact: true }), `web-${name}`);
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(drawer).toBeHidden();

  // The deploy page: pick the first revision, not the head.
  await page.goto('/deploy/index');
  const card = page.getByRole('article', { name, exact: true });
  const more = card.getByRole('button', { name: `More actions for ${name}` });
  const picker = page.getByRole('dialog', { name: `Deploy a commit of ${name}` });
  await openFromMenu(page, more, 'Deploy a commit', picker);
  const first = picker.getByRole('listitem', { name: `r${revs.first}` });
  await expect(first).toContainText('first page', { timeout: 20_000 });
  await expect(picker.getByRole('listitem', { name: `r${revs.second}` })).toBeVisible();
  await shot(page, 'deploy-svn-revisions', { settle: true });
  await first.getByRole('button', { name: 'Deploy this commit' }).click();
  const confirm = page.getByRole('dialog', { name: `Deploy ${name}` });
  await expect(confirm.getByText('first page')).toBeVisible();
  await confirm.getByRole('button', { name: /Deploy$/ }).click();
  const progress = page.locator('.ant-drawer').filter({ hasText: `Deploy of ${name}` });
  await expect(progress.getByText('Deployed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await progress.locator('.ant-drawer-close').click();
  const site = fs.readFileSync(nodePath.join(sshd.mounted!, 'app/index.html'), 'utf8');
  expect(site).toBe('<h1>v1</h1>\n');
  expect(fs.existsSync(nodePath.join(sshd.mounted!, 'app/.svn'))).toBe(false);

  // The history names the revision deployed.
  const history = page.locator('.ant-drawer').filter({ hasText: `Deploy history of ${name}` });
  await openFromMenu(page, more, 'History', history);
  await expect(history.locator('tr').filter({ hasText: `r${revs.first}` })).toBeVisible({
    timeout: 20_000,
  });
  expect(cspViolations()).toEqual([]);
});
