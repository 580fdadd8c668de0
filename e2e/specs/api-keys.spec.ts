import { expect, test } from '@playwright/test';
import { choose, clickUntilShown, SHOTS, signIn } from './support';

test.describe('scoped API keys', () => {
  test('a key made on the profile page works within its scope, is shown once, and stops when revoked', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await page.goto('/user/profile');
    const card = page.locator('.ant-card').filter({ hasText: 'Scoped API keys' });
    await expect(card.getByText('No scoped keys yet')).toBeVisible();

    const dialog = page.getByRole('dialog').filter({ hasText: 'New scoped API key' });
    await clickUntilShown(card.getByRole('button', { name: /New key/ }), dialog);
    const name = `ci ${Date.now()}`;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await choose(page, dialog.getByLabel('Namespaces'), 'default');
    // A multiple select stays open after a pick; closed, it uncovers the role below.
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await choose(page, dialog.getByLabel('Role'), 'member');
    await page.screenshot({ path: `${SHOTS}/api-keys-form.png` });
    await dialog.getByRole('button', { name: 'Make the key' }).click();

    const shown = page.getByRole('dialog').filter({ hasText: `Key "${name}" made` });
    const key = (await shown.getByTestId('new-key').textContent()) ?? '';
    expect(key).toMatch(/^fry_[A-Za-z0-9]{40}$/);
    await page.screenshot({ path: `${SHOTS}/api-keys-shown.png` });
    await shown.getByRole('button', { name: 'I have copied it' }).click();

    // Without the browser's session cookie, which would be read first.
    const asKey = (path: string) =>
      request
        .get(path, { headers: { 'X-API-KEY': key, 'G-N-ID': '1' } })
        .then((r) => r.json() as Promise<{ code: number }>);
    expect((await asKey('/user/info')).code).toBe(0);
    // The key's role (member) may not see the roles page, though its owner may.
    expect((await asKey('/role/getList')).code).toBe(1);

    await page.reload();
    const row = card.locator('.ant-list-item').filter({ hasText: name });
    await expect(row.getByText(/last used/)).toBeVisible();
    await expect(row.getByText(key)).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/api-keys-list.png` });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click();
    await expect(row.getByText('Revoked')).toBeVisible();
    expect((await asKey('/user/info')).code).toBe(10001);
  });
});
