import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import nodePath from 'node:path';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import { startSvnOrigin, type SvnOrigin } from '../../server/test/svn-fixture.js';
import {
  addSshServer,
  choose,
  clickUntilHidden,
  clickUntilShown,
  openFromMenu,
  pressOnce,
  selectTab,
  shot,
  signIn,
  turnOn,
  watchCspViolations,
} from './support';

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
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Add a project' });
  // Opened until it shows: a click while the page still loads can be lost.
  await clickUntilShown(page.getByRole('button', { name: 'Add project' }), drawer);
  await drawer.locator('#name').fill(name);
  await choose(page, drawer.getByRole('combobox', { name: 'Environment' }), 'Test');
  await drawer.locator('#path').fill(`${mountAt}/app`);

  // Each tab until it is selected, each choice until it is on: a click while the drawer still
  // slides in can be lost.
  await selectTab(drawer.getByRole('tab', { name: 'Repository' }));
  await turnOn(drawer.getByRole('radio', { name: 'Subversion' }));
  await drawer.locator('#url').fill(origin.url);
  await turnOn(drawer.getByRole('radio', { name: 'Username and password' }));
  await drawer.locator('#repoUsername').fill(origin.username);
  await drawer.getByLabel('Password', { exact: true }).fill(origin.password);
  // Tested until it answers (a test only reads the remote; a click while it runs does nothing).
  await clickUntilShown(
    drawer.getByRole('button', { name: 'Test repository' }),
    drawer.getByText('The repository answered'),
    10_000,
  );
  await expect(drawer.getByText('The repository answered')).toBeVisible({ timeout: 20_000 });
  await drawer.getByRole('button', { name: 'Load the branches of the remote' }).click();
  await choose(page, drawer.getByLabel('Branch', { exact: true }), 'master');
  await expect(drawer.getByLabel('Branch', { exact: true })).toHaveValue('master');
  await shot(page, 'project-drawer-svn', { settle: true });

  await selectTab(drawer.getByRole('tab', { name: 'Servers' }));
  await choose(page, drawer.getByRole('combobox', { name: 'Servers', exact: true }), `web-${name}`);
  await page.keyboard.press('Escape');
  // Pressed once only: a second press would add the project twice.
  await pressOnce(drawer.getByRole('button', { name: 'Add', exact: true }));
  // The drawer closes once the console has added the project: seconds on a busy machine.
  await expect(drawer).toBeHidden({ timeout: 20_000 });

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
  const confirm = page.getByRole('dialog', { name: `Deploy ${name}` });
  await clickUntilShown(first.getByRole('button', { name: 'Deploy this commit' }), confirm);
  await expect(confirm.getByText('first page')).toBeVisible();
  // Pressed once only: a second press would deploy twice.
  await pressOnce(confirm.getByRole('button', { name: /Deploy$/ }));
  const progress = page.locator('.ant-drawer').filter({ hasText: `Deploy of ${name}` });
  await expect(progress.getByText('Deployed', { exact: true })).toBeVisible({ timeout: 60_000 });
  // Closed until gone: left open, it covers the card's menu the history opens from.
  await clickUntilHidden(progress.locator('.ant-drawer-close'));
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
