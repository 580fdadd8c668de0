import os from 'node:os';
import { expect, test } from '@playwright/test';
import {
  addMember,
  clickUntilShown,
  envelope,
  signIn,
  signInFirstTime,
  uniqueAccount,
} from './support';

test.describe('the consoles page', () => {
  test('shows a super manager this console, up, and no one else the page', async ({
    page,
    browser,
  }) => {
    await signIn(page);
    const menu = page.locator('.ant-layout-sider .ant-menu');
    const heading = page.getByRole('heading', { name: 'Consoles', exact: true });
    // The System section opens to its pages (the consoles and the sign-in settings), each
    // clicked until it shows: a click while the first page still loads can be lost.
    const item = menu.getByRole('menuitem', { name: 'Consoles' });
    await clickUntilShown(menu.getByRole('menuitem', { name: /System/ }), item);
    await expect(menu.getByRole('menuitem', { name: 'Sign-in' })).toBeVisible();
    await clickUntilShown(item, heading);
    await expect(page).toHaveURL(/\/system\/consoles$/);
    await expect(heading).toBeVisible();

    // The suite starts one console on its database: this one.
    const rows = page.getByRole('main').locator('.ant-table-row');
    await expect(rows).toHaveCount(1);
    const self = rows.filter({ hasText: 'This console' });
    await expect(self).toBeVisible();
    await expect(self.getByText(os.hostname(), { exact: true })).toBeVisible();
    await expect(self.locator('.ant-tag-success')).toHaveText('Up');

    // A member neither sees it in the menu nor opens it by its address.
    const account = uniqueAccount('nodes');
    await addMember(page.request, account, 'First123!');
    const member = await (await browser.newContext()).newPage();
    await signInFirstTime(member, account, 'First123!', 'Mine1234!');
    const memberMenu = member.locator('.ant-layout-sider .ant-menu');
    await expect(memberMenu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(memberMenu.getByRole('menuitem', { name: 'Consoles' })).toHaveCount(0);
    await expect(memberMenu.getByRole('menuitem', { name: /System/ })).toHaveCount(0);
    await member.goto('/system/consoles');
    await expect(member).toHaveURL(/\/403$/);
    expect(await envelope(member.request, '/system/getConsoleList')).toMatchObject({ code: 1 });
    await member.context().close();
  });
});
