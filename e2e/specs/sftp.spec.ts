import fs from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import {
  addSshServer,
  choose,
  clickToFocus,
  clickUntilHidden,
  clickUntilShown,
  openFromMenu,
  pressOnce,
  shot,
  signIn,
  watchCspViolations,
} from './support';

/**
 * The file manager in a real browser against two real sshd servers: open a server's files,
 * drop a folder on the directory, edit a file, download it, transfer it to the second server,
 * and find every one of those actions in the SFTP log.
 */
const mountAt = `/srv/ferry-e2e-sftp-${Date.now().toString(36)}`;
let fleet: SshdFleet;
let source: SshdServer;
let destination: SshdServer;
let local: string;

test.beforeAll(async () => {
  fleet = await startSshdFleet({ count: 2, mountAt });
  [source, destination] = fleet.servers as [SshdServer, SshdServer];
  fs.writeFileSync(nodePath.join(source.mounted!, 'notes.txt'), 'first line\n');
  fs.chownSync(nodePath.join(source.mounted!, 'notes.txt'), source.uid, source.uid);
  // The folder a user drops: a file at its top and one a level down.
  local = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'ferry-e2e-drop-'));
  fs.mkdirSync(nodePath.join(local, 'site', 'css'), { recursive: true });
  fs.writeFileSync(nodePath.join(local, 'site', 'index.html'), '<h1>dropped</h1>\n');
  fs.writeFileSync(nodePath.join(local, 'site', 'css', 'main.css'), 'body { margin: 0 }\n');
});

test.afterAll(async () => {
  await fleet?.stopAll();
  if (local) fs.rmSync(local, { recursive: true, force: true });
});

/**
 * Drags `paths` from the "desktop" onto `target` the way the operating system does: Chromium
 * builds the drop's entries (directories included) from the real files.
 */
async function dropFromDesktop(page: Page, target: Locator, paths: string[]) {
  const box = await target.boundingBox();
  if (!box) throw new Error('the drop target is not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
    await cdp.send('Input.dispatchDragEvent', { type, x, y, data });
  }
  await cdp.detach();
}

/** Opens the menu of `row` with a right click and picks `action`, until `opened` shows or holds. */
async function rowAction(
  page: Page,
  row: Locator,
  action: string,
  opened: Locator | (() => boolean),
) {
  const item = page.getByRole('menuitem', { name: action, exact: true });
  await openFromMenu(page, () => row.click({ button: 'right', timeout: 3_000 }), item, opened);
}

test('browse, drop a folder, edit, download and transfer a file, then find it all in the log', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const cspViolations = await watchCspViolations(page);
  await signIn(page);
  const stamp = Date.now().toString(36);
  const sourceName = `files-a-${stamp}`;
  const destinationName = `files-b-${stamp}`;
  const sourceId = await addSshServer(page.request, sourceName, source);
  await addSshServer(page.request, destinationName, destination);

  // The server list links to its files.
  await page.goto(`/server/sftp?serverId=${sourceId}`);
  await expect(page.getByRole('tab', { name: new RegExp(sourceName) })).toBeVisible();
  const typed = page.getByRole('textbox', { name: 'Path to open' });
  // Until the field shows: a click while the page still loads the directory can be lost.
  await clickUntilShown(page.getByRole('button', { name: 'Type a path' }), typed);
  await typed.fill(mountAt);
  await typed.press('Enter');
  const notes = page.getByRole('row').filter({ hasText: 'notes.txt' });
  await expect(notes).toBeVisible({ timeout: 20_000 });

  // A folder dropped on the directory arrives with its inner folder.
  await dropFromDesktop(page, notes, [nodePath.join(local, 'site')]);
  const uploads = page.getByText(/uploading to|Uploads/).first();
  await expect(uploads).toBeVisible();
  const site = page.getByRole('row').filter({ hasText: /^site/ });
  await expect(site).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => fs.existsSync(nodePath.join(source.mounted!, 'site', 'css', 'main.css')), {
      timeout: 30_000,
    })
    .toBe(true);
  expect(fs.readFileSync(nodePath.join(source.mounted!, 'site', 'index.html'), 'utf8')).toBe(
    '<h1>dropped</h1>\n',
  );
  await shot(page, 'sftp-after-drop', { settle: true });

  // Edit the file in the editor and save it.
  const editor = page.getByRole('dialog', { name: 'Edit notes.txt' });
  await rowAction(page, notes, 'Edit', editor);
  const text = editor.locator('.cm-content');
  await expect(text).toContainText('first line');
  await clickToFocus(text);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('second line');
  await shot(page, 'sftp-editor', { settle: true });
  // Pressed once: its short message is what says it saved.
  await pressOnce(editor.getByRole('button', { name: 'Save' }));
  await expect(page.getByText('notes.txt saved')).toBeVisible();
  await expect
    .poll(() => fs.readFileSync(nodePath.join(source.mounted!, 'notes.txt'), 'utf8'))
    .toBe('first line\nsecond line');
  await clickUntilHidden(editor.getByRole('button', { name: 'Close' }).first(), editor);
  await expect(editor).toBeHidden();

  // Download it: the browser receives the saved text.
  const downloads: Download[] = [];
  page.on('download', (d) => downloads.push(d));
  await rowAction(page, notes, 'Download', () => downloads.length > 0);
  const download = downloads[0]!;
  expect(download.suggestedFilename()).toBe('notes.txt');
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe('first line\nsecond line');

  // Transfer it to the second server.
  const transfer = page.getByRole('dialog', { name: /Transfer notes\.txt from/ });
  await rowAction(page, notes, 'Transfer', transfer);
  // Picked until the select shows it: a click on a list still moving in can be lost.
  await choose(page, transfer.getByLabel('Destination servers'), destinationName);
  await transfer.getByLabel('Destination directory').fill(mountAt);
  // Pressed once only: a second press would send the file again.
  await pressOnce(transfer.getByRole('button', { name: 'Transfer', exact: true }));
  await expect(transfer.getByText('Sent to 1 of 1 destinations')).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'sftp-transfer-done', { settle: true });
  expect(fs.readFileSync(nodePath.join(destination.mounted!, 'notes.txt'), 'utf8')).toBe(
    'first line\nsecond line',
  );
  await transfer.getByRole('button', { name: 'Close' }).first().click();

  // Every action is in the SFTP log.
  await page.goto(`/log/sftpLog?serverName=${encodeURIComponent(sourceName)}`);
  for (const action of ['UPLOAD', 'EDIT', 'DOWNLOAD', 'TRANSFER', 'READ']) {
    await expect(page.getByRole('row').filter({ hasText: action }).first()).toBeVisible({
      timeout: 15_000,
    });
  }
  await expect(
    page.getByRole('row').filter({ hasText: `${mountAt}/site/css/main.css` }),
  ).toBeVisible();
  await shot(page, 'log-sftpLog', { settle: true });
  expect(cspViolations()).toEqual([]);

  // The same directory at 992 px in the dark, and on a phone, where rows become a list.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  for (const [name, width, height] of [
    ['sftp-992-dark', 992, 800],
    ['sftp-phone-dark', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/server/sftp?serverId=${sourceId}`);
    await clickUntilShown(
      page.getByRole('button', { name: 'Type a path' }),
      page.getByRole('textbox', { name: 'Path to open' }),
    );
    await page.getByRole('textbox', { name: 'Path to open' }).fill(mountAt);
    await page.getByRole('textbox', { name: 'Path to open' }).press('Enter');
    await expect(page.getByText('notes.txt').first()).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await shot(page, name, { settle: true });
  }
});
