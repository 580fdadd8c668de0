import { expect, test } from '@playwright/test';
import {
  addMember,
  api,
  choose,
  clickUntilShown,
  confirmWith,
  envelope,
  pressOnce,
  signIn,
  signInFirstTime,
  uniqueAccount,
} from './support';

const FIRST_PASSWORD = 'First123!';
const OWN_PASSWORD = 'Mine1234!';

test.describe('a member', () => {
  test('changes the first password, sees only what the role allows, and is refused the rest', async ({
    page,
    browser,
  }) => {
    const account = uniqueAccount('dev');
    await signIn(page);
    await addMember(page.request, account, FIRST_PASSWORD, 'member');

    const member = await (await browser.newContext()).newPage();
    await member.goto('/login');
    await member.getByPlaceholder('Your account').fill(account);
    await member.getByPlaceholder('Your password').fill(FIRST_PASSWORD);
    await member.getByRole('button', { name: 'Log in' }).click();
    // First login: a new password is required (10004).
    await expect(member.getByText('This is your first login: choose a new password')).toBeVisible();
    await member.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
    await member.getByLabel('Confirm the new password').fill(OWN_PASSWORD);
    // Pressed once only: the first password no longer works once it is replaced.
    await pressOnce(member.getByRole('button', { name: 'Set password and log in' }));
    await expect(member).not.toHaveURL(/\/login/);

    // The member role opens none of the settings pages.
    const menu = member.locator('.ant-layout-sider .ant-menu');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Roles' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Members' })).toHaveCount(0);
    expect(await envelope(member.request, '/role/getList')).toMatchObject({ code: 1 });
    await member.goto('/namespace/role');
    await expect(member).toHaveURL(/\/403$/);
    await expect(member.locator('.ant-result-title')).toHaveText('No access');

    // A manager may open the roles page but not the namespaces page.
    const roles = await api<{ list: { id: number; name: string }[] }>(
      page.request,
      'GET',
      '/role/getOption',
    );
    const manager = roles.list.find((r) => r.name === 'manager')!;
    const binding = await api<{ list: { id: number; userName: string }[] }>(
      page.request,
      'GET',
      '/namespace/getBindUserList',
      { id: '1' },
    );
    const userIds = (
      await api<{ list: { id: number; account: string }[] }>(page.request, 'GET', '/user/getList')
    ).list
      .filter((u) => u.account === account)
      .map((u) => u.id);
    await api(page.request, 'POST', '/namespace/addUser', {
      namespaceId: 1,
      userIds,
      roleId: manager.id,
    });
    expect(binding.list.length).toBeGreaterThan(0);
    await member.reload();
    await expect(menu.getByRole('menuitem', { name: 'Roles' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Namespaces' })).toHaveCount(0);
    expect(await envelope(member.request, '/role/getList')).toMatchObject({ code: 0 });
    // Its page would go on polling for the rest of the worker's tests.
    await member.context().close();
  });

  test('is told at once when an admin disables the account', async ({ page, browser }) => {
    const account = uniqueAccount('ops');
    await signIn(page);
    const id = await addMember(page.request, account, FIRST_PASSWORD, 'member');
    const member = await (await browser.newContext()).newPage();
    await signInFirstTime(member, account, FIRST_PASSWORD, OWN_PASSWORD);
    await expect(member).toHaveURL(/\/deploy\/index$/);

    // The admin disables the member from the members page.
    await page.goto('/member/index');
    const row = page.getByRole('row').filter({ hasText: account });
    // Asked until the question shows: a click while the list still renders can be lost.
    const disabling = page.getByRole('dialog').filter({ hasText: `Disable ${account}?` });
    await clickUntilShown(row.getByRole('button', { name: 'Disable' }), disabling);
    await confirmWith(page, 'Disable', disabling);
    await expect(page.getByRole('row').filter({ hasText: account })).toHaveCount(0);
    expect(id).toBeGreaterThan(1);

    const dialog = member.getByRole('dialog').filter({ hasText: 'Confirm logout' });
    await expect(dialog).toBeVisible();
    await confirmWith(member, 'Re-login', dialog);
    await expect(member).toHaveURL(/\/login/);

    // The admin lists the disabled members and enables the account again.
    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Disabled');
    const disabled = page.getByRole('row').filter({ hasText: account });
    const enabling = page.getByRole('dialog').filter({ hasText: `Enable ${account}?` });
    await clickUntilShown(disabled.getByRole('button', { name: 'Enable' }), enabling);
    await confirmWith(page, 'Enable', enabling);
    await expect(page.getByText(`${account} enabled`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: account })).toHaveCount(0);

    await member.getByPlaceholder('Your account').fill(account);
    await member.getByPlaceholder('Your password').fill(OWN_PASSWORD);
    await member.getByRole('button', { name: 'Log in' }).click();
    await expect(member).toHaveURL(/\/deploy\/index$/);
    await member.context().close();
  });
});
