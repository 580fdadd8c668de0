import { expect, test } from '@playwright/test';
import { createGitOrigin, type GitOrigin } from '../../server/test/git-fixture.js';
import {
  api,
  choose,
  clickUntilShown,
  confirmWith,
  openFromMenu,
  pressOnce,
  selectTab,
  shot,
  signIn,
  uniqueAccount,
} from './support';

/**
 * A project's whole set-up in a real browser against a real git origin: create it through the
 * drawer with two servers and a member, test the repository, pick a branch from the remote,
 * save, copy it, and delete the copy.
 */
let origin: GitOrigin;

test.beforeAll(async () => {
  origin = await createGitOrigin();
  await origin.commit({ 'index.html': '<h1>shop</h1>\n' }, 'first page');
  await origin.branch('release');
  await origin.commit({ 'index.html': '<h1>shop 1.0</h1>\n' }, 'release 1.0', {
    branch: 'release',
  });
});

test.afterAll(() => origin?.cleanup());

test('create a project with two servers and a member, copy it, delete the copy', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `shop-${tag}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);

  // Two servers (nothing listens on their ports: a project only binds them) and a member.
  const servers = [`web-a-${tag}`, `web-b-${tag}`];
  for (const [i, serverName] of servers.entries()) {
    await api(page.request, 'POST', '/server/add', {
      name: serverName,
      ip: '127.0.0.1',
      port: 1 + i,
      owner: 'deploy',
      password: 'not-used-here',
    });
  }
  const account = uniqueAccount('dev');
  const user = await api<{ id: number }>(page.request, 'POST', '/user/add', {
    account,
    password: 'Initial123!',
    name: account,
  });
  await api(page.request, 'POST', '/namespace/addUser', {
    namespaceId: 1,
    userIds: [user.id],
    roleId: 2,
  });

  await page.goto('/project/index');
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Add a project' });
  // Opened until it shows: a click while the page still loads can be lost.
  await clickUntilShown(page.getByRole('button', { name: 'Add project' }), drawer);
  await drawer.locator('#name').fill(name);
  await choose(page, drawer.getByRole('combobox', { name: 'Environment' }), 'Test');
  await drawer.locator('#path').fill('/var/www/shop');

  // Each tab until it is selected: a click while the drawer still slides in can be lost.
  await selectTab(drawer.getByRole('tab', { name: 'Repository' }));
  await drawer.locator('#url').fill(origin.url);
  // Tested until it answers (a test only reads the remote; a click while it runs does nothing).
  await clickUntilShown(
    drawer.getByRole('button', { name: 'Test repository' }),
    drawer.getByText('The repository answered'),
    10_000,
  );
  await expect(drawer.getByText('The repository answered')).toBeVisible({ timeout: 20_000 });
  await drawer.getByRole('button', { name: 'Load the branches of the remote' }).click();
  await choose(page, drawer.getByLabel('Branch', { exact: true }), 'release');
  await expect(drawer.getByLabel('Branch', { exact: true })).toHaveValue('release');
  await shot(page, 'project-drawer-repository', { settle: true });

  await selectTab(drawer.getByRole('tab', { name: 'Servers' }));
  for (const serverName of servers) {
    await choose(page, drawer.getByRole('combobox', { name: 'Servers', exact: true }), serverName);
  }
  await page.keyboard.press('Escape');
  await selectTab(drawer.getByRole('tab', { name: 'Members' }));
  await choose(page, drawer.getByRole('combobox', { name: 'Members', exact: true }), account);
  // Closes the members' list before the next tab.
  await drawer.getByText('Add a project', { exact: true }).click();
  await selectTab(drawer.getByRole('tab', { name: 'Scripts' }));
  await expect(drawer.locator('.cm-editor').first()).toBeVisible();
  await shot(page, 'project-drawer-scripts', { settle: true });

  // Pressed once only: a second press would add the project twice.
  await pressOnce(drawer.getByRole('button', { name: 'Add', exact: true }));
  // The drawer closes once the console has added the project: seconds on a busy machine.
  await expect(drawer).toBeHidden({ timeout: 20_000 });
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('release');
  await expect(row).toContainText('Test');
  await shot(page, 'project-index-with-project', { settle: true });

  const saved = await api<{
    list: Array<{ name: string; serverIds: number[]; userIds: number[]; branch: string }>;
  }>(page.request, 'GET', '/project/getList');
  const project = saved.list.find((p) => p.name === name);
  expect(project).toMatchObject({ branch: 'release', userIds: [user.id] });
  expect(project?.serverIds).toHaveLength(2);

  const copyDrawer = page.locator('.ant-drawer').filter({ hasText: `Add a copy of ${name}` });
  await clickUntilShown(row.getByRole('button', { name: 'Copy' }), copyDrawer);
  await expect(copyDrawer.locator('#name')).toHaveValue(`${name} (copy)`);
  await pressOnce(copyDrawer.getByRole('button', { name: 'Add', exact: true }));
  await expect(copyDrawer).toBeHidden({ timeout: 20_000 });
  const copyRow = page.getByRole('row').filter({ hasText: `${name} (copy)` });
  await expect(copyRow).toBeVisible();

  const confirm = page.getByRole('dialog').filter({
    hasText: `This action will delete the ${name} (copy), continue?`,
  });
  await openFromMenu(
    page,
    copyRow.getByRole('button', { name: `More actions for ${name} (copy)` }),
    'Delete',
    confirm,
  );
  await confirmWith(page, 'Delete', confirm);
  await expect(copyRow).toBeHidden();
  await expect(row).toBeVisible();
});
