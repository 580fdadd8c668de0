import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import nodePath from 'node:path';
import { clickUntilShown, selectTab, SHOTS, signIn } from './support';

/** Opens one tool's tab of the dialog and waits for its panel (each tool loads on first show). */
async function openTool(dialog: Locator, tab: string, field: string): Promise<Locator> {
  // Until the tab is selected: a click while the last tool's panel still renders can be lost.
  await selectTab(dialog.getByRole('tab', { name: tab, exact: true }));
  const panel = dialog.getByRole('tabpanel', { name: tab });
  await expect(panel.getByLabel(field, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  return panel;
}

/** A read-only result box of a tool. */
const result = (panel: Locator, label: string) => panel.getByLabel(label, { exact: true }).last();

async function exerciseDialog(page: Page, dialog: Locator) {
  // Date: a 13-digit timestamp is milliseconds; the date goes the other way, in local time.
  let panel = await openTool(dialog, 'Date / timestamp', 'Timestamp');
  await panel.getByLabel('Timestamp', { exact: true }).fill('1700000000000');
  const local = await page.evaluate(() => {
    const d = new Date(1_700_000_000_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  });
  await expect(result(panel, 'Local date')).toHaveValue(local);
  await panel.getByLabel('Date', { exact: true }).fill(local);
  await expect(result(panel, 'Seconds')).toHaveValue('1700000000');

  // JSON: shown as a tree; Shift-click on a label gives its path.
  panel = await openTool(dialog, 'JSON', 'JSON');
  await panel.getByLabel('JSON', { exact: true }).fill('{"store":{"book":[{"title":"Ferry"}]}}');
  // Typed, not pasted: the raw view stays until the toggle asks for the tree.
  const tree = panel.getByRole('tree', { name: 'JSON tree' });
  await clickUntilShown(panel.getByText('Pretty', { exact: true }), tree);
  await expect(tree).toBeVisible();
  const title = tree.locator('[data-json-label]', { hasText: /^title$/ });
  await clickUntilShown(panel.getByRole('button', { name: 'Expand all' }), title);
  await title.click({ modifiers: ['Shift'] });
  await expect(panel.getByLabel('JSON path', { exact: true }).first()).toContainText(
    '$.store.book[0].title',
  );

  // Password: eight characters of the default sets.
  panel = await openTool(dialog, 'Password', 'Generated password');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(result(panel, 'Generated password')).toHaveValue(/^[A-Za-z0-9]{8}$/);

  panel = await openTool(dialog, 'Unicode', 'Text with \\uXXXX escapes');
  await panel.getByLabel('Text with \\uXXXX escapes').fill('\\u4e2d\\u6587 \\ud83d\\ude00');
  await expect(result(panel, 'Decoded text')).toHaveValue('中文 😀');

  panel = await openTool(dialog, 'URI decode', 'Encoded URI');
  await panel.getByLabel('Encoded URI').fill('%E4%B8%AD%E6%96%87%2Fa');
  await expect(result(panel, 'Decoded text')).toHaveValue('中文/a');

  panel = await openTool(dialog, 'MD5', 'Text');
  await panel.getByLabel('Text', { exact: true }).fill('abc');
  await expect(result(panel, 'MD5 of the text')).toHaveValue('900150983cd24fb0d6963f7d28e17f72');

  // Crontab: the dialog describes in the UI language, with the next runs.
  panel = await openTool(dialog, 'Crontab', 'Cron expression');
  await panel.getByLabel('Cron expression').fill('*/10 * * * *');
  await panel.getByRole('button', { name: 'Describe the expression' }).click();
  await expect(panel.getByRole('status')).toContainText(/every 10 minutes/i);
  await expect(panel.getByRole('list', { name: /Next 5 runs/ }).getByRole('listitem')).toHaveCount(
    5,
  );
  await panel.getByLabel('Cron expression').fill('* * *');
  await panel.getByRole('button', { name: 'Describe the expression' }).click();
  await expect(
    panel.getByText('Expression has only 3 parts. At least 5 parts are required.'),
  ).toBeVisible();

  panel = await openTool(dialog, 'QR code', 'Text to encode');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(panel.getByText('No input text')).toBeVisible();
  await panel.getByLabel('Text to encode').fill('https://example.com/ferry');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(panel.getByRole('img', { name: 'QR code' })).toBeVisible();
  // The download is a PNG of the size asked for (200 by default), whatever the pixel ratio.
  const saving = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download PNG' }).click();
  const png = await saving;
  expect(png.suggestedFilename()).toBe('qrcode.png');
  const bytes = await fs.readFile(await png.path());
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  expect(bytes.readUInt32BE(16)).toBe(200);

  panel = await openTool(dialog, 'Bytes', 'Size');
  await panel.getByLabel('Size', { exact: true }).fill('1536');
  await panel.getByLabel('Size', { exact: true }).press('Enter');
  await expect(result(panel, 'Readable size')).toHaveValue('1.5 KB');

  panel = await openTool(dialog, 'Colour', 'Hex colour');
  await panel.getByLabel('Hex colour').fill('#1e90ff');
  await panel.getByLabel('Hex colour').press('Enter');
  await expect(result(panel, 'RGB value')).toHaveValue('rgb(30, 144, 255)');
  await panel.getByLabel('RGB colour').fill('(300,0,16)');
  await panel.getByLabel('RGB colour').press('Enter');
  await expect(result(panel, 'Hex value')).toHaveValue('#FF0010');
  await expect(panel.getByText(/Clamped to 0-255/)).toBeVisible();
}

test('the toolbox: loaded only when opened, every tool in the dialog, then the Tools page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Deploy projects' })).toBeVisible();
  // Opening the console does not download the toolbox.
  expect(fetched.filter((u) => /Toolbox|CronTool|QrTool/.test(u))).toEqual([]);

  const dialog = page.getByRole('dialog', { name: 'Toolbox' });
  // Opened until it shows, given the time its code takes to load: a click while the first page
  // still renders can be lost.
  await clickUntilShown(page.getByRole('button', { name: 'Toolbox' }), dialog, 10_000);
  await expect(dialog).toBeVisible();
  // 600px wide once its opening animation is over (product.md §9).
  await expect
    .poll(async () => (await page.locator('.ant-modal').first().boundingBox())?.width)
    .toBe(600);
  await exerciseDialog(page, dialog);
  await page.screenshot({ path: nodePath.join(SHOTS, 'toolbox-dialog.png') });

  // The Tools page shows one panel, chosen by its mode; cron is described in Chinese there.
  await page.goto('/toolbox/index?mode=cron');
  const cron = page.getByLabel('Cron expression');
  await expect(cron).toBeVisible({ timeout: 15_000 });
  await expect(page.getByPlaceholder('* * * * ?')).toBeVisible();
  await cron.fill('*/10 * * * *');
  await cron.press('Enter');
  await expect(page.getByRole('status')).toContainText('每');
  await expect(page.getByLabel('Hex colour')).toHaveCount(0);
  // Until the colour tool shows, given the time its code takes to load.
  await clickUntilShown(
    page.getByRole('radiogroup', { name: 'Tool' }).getByText('Colour'),
    page.getByLabel('Hex colour'),
    15_000,
  );
  await expect(page).toHaveURL(/mode=color/);
  await expect(page.getByLabel('Hex colour')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Cron expression')).toHaveCount(0);
  await page.screenshot({ path: nodePath.join(SHOTS, 'toolbox-page.png') });

  await page.goto('/toolbox/json');
  await expect(page.getByLabel('JSON', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('JSON', { exact: true }).fill('"just a string"');
  await expect(page.getByText('The root should be an object or an array').first()).toBeVisible();
});
