import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  answerOf,
  NGINX_BINARY,
  nginxPrefix,
  siteConf,
  waitForAnswer,
  type NginxPrefix,
} from '../../server/test/nginx-fixtures.js';
import { homeOf, userDir, userFile } from '../../server/test/remote-files.js';
import { closedPort } from '../../server/test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import {
  addSshServer,
  choose,
  clickToFocus,
  clickUntilHidden,
  clickUntilShown,
  confirmWith,
  openFromMenu,
  pressOnce,
  shot,
  signIn,
  watchCspViolations,
} from './support';

/**
 * The nginx page in a real browser against a real sshd server whose user runs Debian's nginx on
 * a free loopback port: open a site's configuration, save a syntax error (refused, the line
 * marked, the file on the server unchanged), fix it and save, reload, and the port answers the
 * change; the history holds the versions. Links in the configuration are marked, a link out of it
 * is not opened. In the dark theme at the narrowest desktop width and on a phone, then in the
 * light theme.
 */
let fleet: SshdFleet;
let sshd: SshdServer;
let port: number;
let p: NginxPrefix;
let serverId = 0;
let serverName = '';

test.beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  sshd = fleet.servers[0]!;
  port = await closedPort();
  p = nginxPrefix(sshd, 'nginx', port);
  // A link inside the configuration (conf.d → sites-available) and one out of it, to a secret.
  userFile(sshd, path.join(p.sitesAvailable, 'shared.conf'), '# shared through a link\n');
  fs.symlinkSync('../sites-available/shared.conf', path.join(p.confD, 'shared.conf'));
  userDir(sshd, path.join(homeOf(sshd), 'files'));
  userFile(sshd, secretFile(), SECRET);
  fs.symlinkSync(secretFile(), path.join(p.sitesAvailable, 'outside.conf'));
  // nginx daemonizes as the server's user, as that user would start it over SSH.
  execFileSync('runuser', [
    '-u',
    sshd.user,
    '--',
    NGINX_BINARY,
    '-e',
    p.errorLog,
    '-p',
    p.prefix,
    '-c',
    p.conf,
  ]);
  expect(await waitForAnswer(port, 'v1')).toBe('v1');
});

test.afterAll(async () => {
  const pidFile = path.join(p.prefix, 'nginx.pid');
  if (fs.existsSync(pidFile)) {
    try {
      process.kill(Number(fs.readFileSync(pidFile, 'utf8').trim()), 'SIGQUIT');
    } catch {
      // already stopped
    }
  }
  await fleet?.stopAll();
});

const appConf = () => path.join(p.confD, 'app.conf');
const SECRET = '# s3cr3t\n';
const secretFile = () => path.join(homeOf(sshd), 'files', 'secret.txt');

/**
 * The tree marks the link inside and the link out; hovering the link out tells its target, and
 * opening it says it is not read (the file on the server untouched).
 */
async function checkLinks(page: Page, name: string) {
  const tree = page.getByRole('tree', { name: 'Configuration files' });
  const inside = tree.getByLabel(`Symbolic link to ${path.join(p.sitesAvailable, 'shared.conf')}`);
  // The listing goes over SSH, as the binary's detection does.
  await expect(inside).toBeVisible({ timeout: 30_000 });
  const out = tree.getByLabel(/^Symbolic link out of the configuration directories/);
  const refused = page.getByText('This file is a link out of the configuration directories');
  // Picked until the notice shows, given the time a read takes: a click while the tree still
  // renders can be lost, and a second click on a picked file would unpick it.
  await clickUntilShown(tree.getByText('outside.conf', { exact: true }), refused, 10_000);
  await expect(refused).toBeVisible();
  await expect(page.locator('.ant-card-head').getByText('link out')).toBeVisible();
  await out.hover();
  const tip = page.getByRole('tooltip').filter({ hasText: 'Symbolic link out' });
  await expect(tip).toContainText(`to ${secretFile()}`);
  await expect(page.locator('.ant-tooltip', { has: tip })).toHaveCSS('opacity', '1');
  await shot(page, name);
  await page.mouse.move(0, 0);
  await expect(tip).toBeHidden();
  expect(fs.readFileSync(secretFile(), 'utf8')).toBe(SECRET);
}

/** Replaces the whole text of the open configuration with `text`: select all, then paste. */
async function replaceText(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Configuration file app.conf' });
  await clickToFocus(editor);
  await page.keyboard.press('ControlOrMeta+a');
  await editor.evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function openNginxPage(page: Page) {
  await page.goto(`/server/nginx?serverId=${serverId}`);
  await expect(page.getByRole('tab', { name: serverName })).toBeVisible();
  // The address keeps naming the open server, so a reload opens it again.
  await expect(page).toHaveURL(new RegExp(`/server/nginx\\?serverId=${serverId}$`));
  await expect(page.getByText(NGINX_BINARY, { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** Opens app.conf, picking it again until the editor shows it: its read goes over SSH. */
async function openAppConf(page: Page, mobile = false) {
  const editor = page.getByRole('textbox', { name: 'Configuration file app.conf' });
  await expect(async () => {
    if (mobile) {
      await page.getByRole('combobox', { name: 'Configuration files' }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'app.conf' }).click();
    } else {
      await page.getByRole('tree', { name: 'Configuration files' }).getByText('app.conf').click();
    }
    await expect(editor).toContainText('return 200', { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
}

test('a broken save is refused with its line marked; the fix is saved, reloaded and served', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 992, height: 900 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const cspViolations = await watchCspViolations(page);
  await signIn(page);
  serverName = `nginx-${Date.now().toString(36)}`;
  serverId = await addSshServer(page.request, serverName, sshd);

  await openNginxPage(page);
  await expect(page.getByText(p.prefix, { exact: true })).toBeVisible();
  const tree = page.getByRole('tree', { name: 'Configuration files' });
  // The listing goes over SSH after the binary's detection, and may take as long.
  await expect(tree.getByText('conf.d', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(tree.getByText('sites-enabled', { exact: true })).toBeVisible();
  await expect(tree.getByText('nginx.conf', { exact: true })).toBeVisible();
  await checkLinks(page, 'server-nginx-links-992-dark');
  await openAppConf(page);

  // An unknown directive at line 3: nginx refuses it, the file on the server stays as it was.
  const before = fs.readFileSync(appConf(), 'utf8');
  const broken = siteConf(port, 'v2').replace(
    '    location / {',
    '    bogus_directive on;\n    location / {',
  );
  await replaceText(page, broken);
  await expect(page.getByText('Unsaved', { exact: true })).toBeVisible();
  // Each save and reload pressed once only: a second press would write or reload again.
  await pressOnce(page.getByRole('button', { name: 'Save' }));
  const output = page.getByRole('region', { name: 'nginx output' });
  await expect(output).toContainText('unknown directive "bogus_directive"', { timeout: 30_000 });
  await expect(output.getByText(`In ${appConf()}, line 3`)).toBeVisible();
  const marked = page.locator('.ferry-nginx-error-line');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('bogus_directive on;');
  await expect(marked).toBeInViewport();
  await expect(page.locator('.ferry-nginx-error-marker')).toHaveCount(1);
  await expect(page.getByText('Unsaved', { exact: true })).toBeVisible();
  expect(fs.readFileSync(appConf(), 'utf8')).toBe(before);
  await shot(page, 'server-nginx-refused-992-dark');

  // The fix saves; reload makes nginx serve it.
  await replaceText(page, siteConf(port, 'v2'));
  await pressOnce(page.getByRole('button', { name: 'Save' }));
  await expect(page.getByText('Saved: nginx -t accepts the configuration')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Unsaved', { exact: true })).toBeHidden();
  await expect(marked).toHaveCount(0);
  await expect(output).toBeHidden();
  expect(fs.readFileSync(appConf(), 'utf8')).toBe(siteConf(port, 'v2'));
  expect(await answerOf(port)).toBe('v1');
  await pressOnce(page.getByRole('button', { name: 'Reload' }));
  await expect(output).toContainText('nginx reloaded its configuration', { timeout: 30_000 });
  expect(await waitForAnswer(port, 'v2')).toBe('v2');
  await shot(page, 'server-nginx-reloaded-992-dark');

  // The history: the file as it was first read and the saved edit, compared with the editor.
  const history = page.getByRole('dialog', { name: 'Versions of app.conf' });
  // Opened until it shows: a click while the page still re-renders after the reload can be lost.
  await clickUntilShown(page.getByRole('button', { name: 'History' }), history);
  const rows = history.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  await expect(history.getByText('Original', { exact: true })).toBeVisible();
  await expect(history.getByText('Edit', { exact: true })).toBeVisible();
  await clickUntilShown(
    rows.filter({ hasText: 'Original' }).getByRole('button', { name: 'Compare' }),
    history.locator('.ferry-merge-diff'),
  );
  await expect(history.locator('.ferry-merge-diff')).toContainText('v1');
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await shot(page, 'server-nginx-history-992-dark');
  await clickUntilHidden(history.locator('.ant-drawer-close'), history);
  await expect(history).toBeHidden();

  // A new site from the reverse proxy template, disabled by renaming, then deleted.
  const newPort = await closedPort();
  const dialog = page.getByRole('dialog', { name: 'New configuration file' });
  await clickUntilShown(page.getByRole('button', { name: 'New' }), dialog);
  await choose(page, dialog.getByLabel('Directory'), 'conf.d');
  await dialog.getByLabel('Host names').fill('new.test');
  await dialog.getByLabel('Port').fill(String(newPort));
  await dialog.getByLabel('Upstream address').fill(`http://127.0.0.1:${port}`);
  await expect(dialog.getByLabel('File name')).toHaveValue('new.test.conf');
  await expect(dialog.getByLabel('Preview')).toContainText(`proxy_pass http://127.0.0.1:${port};`);
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await shot(page, 'server-nginx-new-992-dark');
  // Pressed once only: a second press would try to create the file again.
  await pressOnce(dialog.getByRole('button', { name: 'Create' }));
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const created = path.join(p.confD, 'new.test.conf');
  await expect(
    page.getByRole('textbox', { name: 'Configuration file new.test.conf' }),
  ).toContainText(`listen ${newPort};`);
  expect(fs.readFileSync(created, 'utf8')).toContain('server_name new.test;');
  const moreActions = page.getByRole('button', { name: 'More actions' });
  await openFromMenu(
    page,
    moreActions,
    'Disable',
    tree.getByText('new.test.conf.disabled', { exact: true }),
  );
  expect(fs.existsSync(created)).toBe(false);
  expect(fs.existsSync(`${created}.disabled`)).toBe(true);
  const deleteDialog = page.getByRole('dialog', { name: 'Delete new.test.conf.disabled?' });
  await openFromMenu(page, moreActions, 'Delete', deleteDialog);
  await confirmWith(page, 'Delete', deleteDialog);
  // The delete goes over SSH and reloads nginx: on a busy machine it can take seconds.
  await expect(tree.getByText('new.test.conf.disabled', { exact: true })).toBeHidden({
    timeout: 30_000,
  });
  expect(fs.existsSync(`${created}.disabled`)).toBe(false);

  // On a phone the tree is a select above the editor, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await openNginxPage(page);
  await openAppConf(page, true);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  await shot(page, 'server-nginx-phone-dark');
  expect(cspViolations()).toEqual([]);
});

test('the page in the light theme at the narrowest desktop width and on a phone', async ({
  page,
}) => {
  test.skip(serverId === 0, 'needs the server of the first test');
  await page.setViewportSize({ width: 992, height: 900 });
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await signIn(page);
  await openNginxPage(page);
  await checkLinks(page, 'server-nginx-links-992-light');
  await openAppConf(page);
  // Checked until the output shows (a check only runs nginx -t).
  await clickUntilShown(
    page.getByRole('button', { name: 'Check' }),
    page.getByRole('region', { name: 'nginx output' }),
    10_000,
  );
  await expect(page.getByRole('region', { name: 'nginx output' })).toContainText(
    'nginx -t: the configuration is valid',
    { timeout: 30_000 },
  );
  await shot(page, 'server-nginx-992-light');
  const effective = page.getByRole('dialog', { name: 'Effective configuration (nginx -T)' });
  await clickUntilShown(page.getByRole('button', { name: 'Effective configuration' }), effective);
  await expect(effective).toContainText(`# configuration file ${appConf()}`, { timeout: 30_000 });
  await shot(page, 'server-nginx-effective-992-light');
  await effective.locator('.ant-drawer-close').click();
  await page.setViewportSize({ width: 390, height: 844 });
  await openNginxPage(page);
  const files = page.getByRole('combobox', { name: 'Configuration files' });
  const outside = page.locator('.ant-select-item-option').filter({ hasText: 'outside.conf' });
  // Opened until the list shows, and picked until the select shows the pick: a click while the
  // page still renders, or on a list still moving in, can be lost.
  await clickUntilShown(files, outside);
  await expect(outside).toContainText('link out');
  await shot(page, 'server-nginx-links-phone-light');
  await choose(page, files, 'outside.conf');
  await expect(
    page.getByText('This file is a link out of the configuration directories'),
  ).toBeVisible();
  await openAppConf(page, true);
  await shot(page, 'server-nginx-phone-light');
});
