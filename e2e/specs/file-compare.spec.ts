import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import nodePath from 'node:path';
import { createGitOrigin, type GitOrigin } from '../../server/test/git-fixture.js';
import { startSshdFleet, type SshdFleet } from '../../server/test/sshd-fleet.js';
import {
  addGitProject,
  addSshServer,
  api,
  clickUntilHidden,
  clickUntilShown,
  openFromMenu,
  shot,
  signIn,
} from './support';

/**
 * File compare and the repository browser from the deploy page, against a project deployed to
 * two real sshd servers: one server's copy of a file is changed by hand, the compare tells it
 * from the other, the diff shows both texts; the browser previews a file of the working copy.
 */
const mountAt = `/srv/ferry-e2e-compare-${Date.now().toString(36)}`;
let fleet: SshdFleet;
let origin: GitOrigin;

test.beforeAll(async () => {
  fleet = await startSshdFleet({ count: 2, mountAt });
  origin = await createGitOrigin();
  await origin.commit(
    { 'config/app.ini': 'name = shop\nport = 8080\n', 'README.md': '# Shop\n' },
    'first release',
  );
});
test.afterAll(async () => {
  await fleet?.stopAll();
  origin?.cleanup();
});

/** Deploys the branch head to every bound server and waits until it has succeeded. */
async function deploy(page: Page, projectId: number) {
  const { token } = await api<{ token: string }>(page.request, 'POST', '/deploy/publish', {
    projectId,
  });
  await expect
    .poll(
      async () =>
        (
          await api<{ status: string }>(page.request, 'GET', '/deploy/getPublishProgress', {
            lastPublishToken: token,
          })
        ).status,
      { timeout: 60_000 },
    )
    .toBe('succeeded');
}

/** Opens `item` of the project card's "More" menu until the drawer it opens, `opened`, shows. */
async function openMenuItem(page: Page, name: string, item: string, opened: Locator) {
  const card = page.getByRole('article', { name, exact: true });
  const more = card.getByRole('button', { name: `More actions for ${name}` });
  await openFromMenu(page, more, item, opened);
}

test('compare a deployed file with two servers, read the diff, preview a repository file', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `shop-${Date.now().toString(36)}`;
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.setViewportSize({ width: 992, height: 800 });
  await signIn(page);
  const [one, two] = fleet.servers;
  const oneId = await addSshServer(page.request, `${name}-a`, one!);
  const twoId = await addSshServer(page.request, `${name}-b`, two!);
  const projectId = await addGitProject(page.request, {
    name,
    url: origin.url,
    path: `${mountAt}/app`,
    serverIds: [oneId, twoId],
  });
  await deploy(page, projectId);
  // Someone edits the file on the second server by hand.
  const changed = nodePath.join(two!.mounted!, 'app/config/app.ini');
  expect(fs.readFileSync(changed, 'utf8')).toBe('name = shop\nport = 8080\n');
  fs.writeFileSync(changed, 'name = shop\nport = 9090\n');

  await page.goto('/deploy/index');
  const drawer = page.locator('.ant-drawer').filter({ hasText: `File compare of ${name}` });
  const files = page.locator('.ant-drawer').filter({ hasText: `Repository files of ${name}` });
  await openMenuItem(page, name, 'File compare', drawer);
  // Each click until what it opens shows: on a busy machine a click while the drawer still
  // slides in, or its list still loads, can be lost.
  const compareIni = drawer.getByRole('button', { name: 'Compare app.ini' });
  const picked = drawer.getByRole('button', { name: 'Pick another file' });
  await clickUntilShown(drawer.getByRole('row', { name: 'config' }), compareIni);
  await clickUntilShown(compareIni, picked);
  await expect(drawer.getByRole('row', { name: `${name}-b` })).toContainText('Modified', {
    timeout: 30_000,
  });
  await expect(drawer.getByRole('row', { name: `${name}-a` })).toContainText('No change');
  await expect(drawer.getByRole('status')).toHaveText('1 server differs');
  await expect(drawer.locator('.ant-drawer-content-wrapper')).toHaveCSS('transform', 'none');
  await shot(page, 'file-compare-992-dark');

  const diffOf = drawer.getByRole('row', { name: `${name}-b` }).getByRole('button', {
    name: /^Diff of/,
  });
  const diff = page.getByRole('dialog', { name: `Diff of config/app.ini on ${name}-b` });
  await clickUntilShown(diffOf, diff);
  await expect(diff.locator('.cm-mergeView')).toBeVisible({ timeout: 20_000 });
  await expect(diff.getByText('port = 8080')).toBeVisible();
  await expect(diff.getByText('port = 9090')).toBeVisible();
  await expect(page.locator('[class*="ant-zoom"]')).toHaveCount(0);
  await shot(page, 'file-compare-diff-992-dark');
  // Closed until gone: left open, the dialog and the drawer cover the card's menu.
  await clickUntilHidden(diff.getByRole('button', { name: 'Close' }), diff);
  await clickUntilHidden(drawer.locator('.ant-drawer-close'));

  // The repository browser previews a file of the working copy.
  await openMenuItem(page, name, 'Repository files', files);
  const preview = page.locator('.ant-drawer').filter({ hasText: 'README.md' }).last();
  const contents = page.getByRole('textbox', { name: 'Contents of README.md' });
  await clickUntilShown(files.getByRole('row', { name: 'README.md' }), contents);
  await expect(preview.getByRole('textbox', { name: 'Contents of README.md' })).toContainText(
    '# Shop',
    { timeout: 20_000 },
  );
  await expect(preview.locator('.ant-drawer-content-wrapper')).toHaveCSS('transform', 'none');
  await shot(page, 'repository-preview-992-dark');
  // Closed until the preview is gone: left open, it would be in the picture of the list.
  await clickUntilHidden(preview.locator('.ant-drawer-close'), contents);
  // .git is listed but never offered for deletion; other entries are.
  await expect(
    files.getByRole('row', { name: 'config' }).getByRole('button', { name: 'Delete' }),
  ).toBeVisible();
  await expect(files.getByRole('row', { name: '.git' })).toBeVisible();
  await expect(
    files.getByRole('row', { name: '.git' }).getByRole('button', { name: 'Delete' }),
  ).toHaveCount(0);
  await expect(files.locator('.ant-drawer-content-wrapper')).toHaveCSS('transform', 'none');
  await shot(page, 'repository-files-992-dark');
  await clickUntilHidden(files.locator('.ant-drawer-close'));

  // On a phone: the compare's table and the one-column diff.
  await page.setViewportSize({ width: 390, height: 844 });
  await openMenuItem(page, name, 'File compare', drawer);
  await clickUntilShown(
    drawer.getByRole('row', { name: 'config' }),
    drawer.getByRole('row', { name: 'app.ini' }),
  );
  await clickUntilShown(drawer.getByRole('row', { name: 'app.ini' }), picked);
  await expect(drawer.getByRole('row', { name: `${name}-b` })).toContainText('Modified', {
    timeout: 30_000,
  });
  // The table has faded back in from its loading state.
  await expect(drawer.locator('.ant-spin-container')).toHaveCSS('opacity', '1');
  await expect(drawer.locator('.ant-drawer-content-wrapper')).toHaveCSS('transform', 'none');
  await shot(page, 'file-compare-phone-dark');
  await clickUntilShown(diffOf, diff);
  await expect(diff.getByText('port = 9090')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[class*="ant-zoom"]')).toHaveCount(0);
  await shot(page, 'file-compare-diff-phone-dark');
  await clickUntilHidden(diff.getByRole('button', { name: 'Close' }), diff);
  await clickUntilHidden(drawer.locator('.ant-drawer-close'));
  await openMenuItem(page, name, 'Repository files', files);
  await clickUntilShown(
    files.getByRole('row', { name: 'config' }),
    files.getByRole('row', { name: 'app.ini' }),
  );
  await expect(files.getByRole('row', { name: 'app.ini' })).toBeVisible();
  await expect(files.locator('.ant-drawer-content-wrapper')).toHaveCSS('transform', 'none');
  await shot(page, 'repository-files-phone-dark');
});
