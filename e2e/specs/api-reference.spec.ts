import { expect, test, type Page } from '@playwright/test';
import { clickUntilShown, SHOTS, signIn, watchCspViolations } from './support';

/**
 * What the page's policy refuses of Scalar, and may: its code blocks write their line-number
 * widths as a `style` attribute inside markup, which the policy refuses (the blocks keep the
 * default gutter). Anything else refused (a script, a style element) fails the test.
 */
const REFUSED_STYLE_ATTRIBUTES =
  /^(csp-violation style-src-attr inline |Applying inline style violates)/;

async function openReference(page: Page) {
  const entry = page.getByRole('menuitem', { name: 'API reference' });
  await expect(async () => {
    await clickUntilShown(page.getByRole('button', { name: 'User menu' }), entry);
    await entry.click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/user\/api$/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const reference = page.getByTestId('api-reference');
  await expect(reference.getByRole('heading', { name: 'Ferry API' })).toBeVisible({
    timeout: 30_000,
  });
  return reference;
}

test.describe('the API reference', () => {
  test('opens from the user menu, renders the document under the policy, and its "try it" sends a real request with the session', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const violations = await watchCspViolations(page);
    await page.setViewportSize({ width: 1280, height: 860 });
    await signIn(page);
    const reference = await openReference(page);
    await expect(page.getByRole('heading', { name: 'API reference', exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/api-reference-light.png` });

    // Found by its path, opened in Scalar's client, sent: the browser's session and the
    // namespace the member works in go along.
    await reference
      .getByRole('button', { name: /Search/ })
      .first()
      .click();
    await page.keyboard.type('/user/info');
    await page.getByRole('option', { name: /Operation: User info ,/ }).click();
    const operation = page.locator('[id="api-1/tag/user/GET/user/info"]').first();
    await operation.getByRole('button', { name: 'Test Request' }).first().click();
    const client = page.getByRole('dialog');
    await expect(client.getByText('G-N-ID', { exact: true })).toBeVisible();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/user/info');
    await client.locator('button[data-addressbar-action="send"]').filter({ visible: true }).click();
    const answer = await answered;
    const sent = await answer.request().allHeaders();
    expect(sent['g-n-id']).toBe('1');
    expect(sent.cookie).toMatch(/goploy_token=/);
    expect(await answer.json()).toMatchObject({
      code: 0,
      data: { userInfo: { account: 'admin' } },
    });
    await expect(client.getByText('"superManager"').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/api-reference-try-it.png` });

    expect(violations().filter((v) => !REFUSED_STYLE_ATTRIBUTES.test(v))).toEqual([]);
  });

  test('follows the dark theme and the language, and fits a phone', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.context().addCookies([{ name: 'language', value: 'zh-CN', url: baseURL! }]);
    await page.goto('/user/api');
    await expect(page.getByRole('heading', { name: 'API 参考', exact: true })).toBeVisible();
    const reference = page.getByTestId('api-reference');
    await expect(reference.getByRole('heading', { name: 'Ferry API' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(reference.getByText('下载 OpenAPI 文档')).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/dark-mode/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/api-reference-phone-dark-zh.png` });
  });
});
