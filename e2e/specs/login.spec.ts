import { expect, test } from '@playwright/test';
import { openFromMenu } from './support';

const ADMIN_PASSWORD = 'Admin123!';

test.describe('signing in', () => {
  test('refuses a wrong password with a visible error', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    await page.getByPlaceholder('Your account').fill('admin');
    await page.getByPlaceholder('Your password').fill('wrong-password1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid account or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('signs in to the first page, opens the profile, and signs out', async ({ page }) => {
    await page.goto('/login');
    await page.getByPlaceholder('Your account').fill('  admin ');
    await page.getByPlaceholder('Your password').fill(ADMIN_PASSWORD);
    const login = page.waitForResponse((r) => r.url().endsWith('/user/login'));
    await page.getByRole('button', { name: 'Log in' }).click();
    const answer = (await (await login).json()) as {
      data: { preferredNamespaceId: number; namespaceList: { id: number; name: string }[] };
    };
    // The first page of the menu.
    await expect(page).toHaveURL(/\/deploy\/index$/);
    await openFromMenu(
      page,
      page.getByRole('button', { name: 'User menu' }),
      page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Profile' }),
      page.getByText('@admin'),
    );
    await expect(page).toHaveURL(/\/user\/profile$/);

    const session = (await page.context().cookies()).find((c) => c.name === 'goploy_token');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const identity = await page.evaluate(() => localStorage.getItem('G-N-ID'));
    // In the namespace the server proposed (the one the account last worked in), else the last.
    const { namespaceList: list, preferredNamespaceId } = answer.data;
    const proposed = list.find((n) => n.id === preferredNamespaceId) ?? list.at(-1);
    expect(proposed).toBeDefined();
    expect(JSON.parse(identity ?? '{}')).toEqual({
      id: proposed?.id,
      name: proposed?.name,
      roleId: 0,
    });

    await page.reload();
    await expect(page.getByText('@admin')).toBeVisible();

    await openFromMenu(
      page,
      page.getByRole('button', { name: 'User menu' }),
      'Sign out',
      page.getByRole('button', { name: 'Log in' }),
    );
    await expect(page).toHaveURL(/\/login/);
    const after = await page.request.get('/user/info', { headers: { 'G-N-ID': '1' } });
    expect((await after.json()) as { code: number }).toMatchObject({ code: 10001 });
    expect(session?.value).toBeTruthy();
    const revoked = await page.request.get(
      `/log/getTerminalRecord?recordId=1&token=${session!.value}`,
    );
    expect((await revoked.json()) as { code: number }).toMatchObject({ code: 10086 });
  });

  test('sends a logged-out visitor to the login page and back after signing in', async ({
    page,
  }) => {
    await page.goto('/user/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fprofile/);
    await page.getByPlaceholder('Your account').fill('admin');
    await page.getByPlaceholder('Your password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
  });
});
