import { expect, test, type Page } from '@playwright/test';
import {
  api,
  backgroundLuminance,
  clickUntilShown,
  confirmWith,
  currentNamespaceId,
  openFromMenu as openMenuEntry,
  pickFromDropdown,
  signIn,
} from './support';

/** The tabs strip (its label is translated, so found by its tab list). */
const tabs = (page: Page) =>
  page.getByRole('navigation').filter({ has: page.getByRole('tablist') });
/** The titles of the open tabs (without the screen-reader "Tab 2 of 3" of a focused one). */
const tabTitles = async (page: Page) =>
  (await tabs(page).getByRole('tab').allTextContents()).map((t) =>
    t.replace(/^Tab \d+ of \d+/, ''),
  );
const sideMenu = (page: Page) => page.locator('.ant-layout-sider .ant-menu');

/**
 * Picks an entry of a tab's context menu until `done` holds. The menu can close under the click
 * when the page behind it re-renders, and a menu closed that way looks like a pick that went
 * through: so the outcome, not the menu, says whether to right-click and pick again.
 */
async function tabMenu(page: Page, tab: string, item: string, done: () => Promise<boolean>) {
  const entry = page.getByRole('menuitem', { name: item, exact: true });
  await expect(async () => {
    if (await done()) return;
    if (!(await entry.isVisible())) {
      await tabs(page).getByRole('tab', { name: tab }).click({ button: 'right' });
      await expect(entry).toBeVisible({ timeout: 1000 });
    }
    await entry.click({ timeout: 2000 });
    await expect.poll(done, { timeout: 3000 }).toBe(true);
  }).toPass({ timeout: 30_000 });
}

/** Whether the open tabs are exactly `titles` and the page shown is at `path`. */
const showing = (page: Page, titles: string[], path: RegExp) => async () =>
  path.test(new URL(page.url()).pathname) &&
  JSON.stringify(await tabTitles(page)) === JSON.stringify(titles);

async function openFromMenu(page: Page, section: string | null, item: string) {
  const tab = tabs(page).getByRole('tab', { name: item, exact: true });
  // A page's code and texts load with its route; as a user does, wait for it before the next
  // click. A click made while the submenu still unfolds, or while the page before still loads,
  // can be lost (a click during a load replaces the navigation): the tab, not the click, says
  // whether the page opened, so click again until it shows.
  await expect(async () => {
    if (await tab.isVisible()) return;
    if (section) {
      const sub = sideMenu(page).getByRole('menuitem', { name: section });
      if ((await sub.getAttribute('aria-expanded')) !== 'true') await sub.click({ timeout: 2000 });
    }
    await sideMenu(page)
      .getByRole('menuitem', { name: item, exact: true })
      .click({ timeout: 2000 });
    await expect(tab).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('the console shell', () => {
  test('opens the hub socket of the current namespace after the layout loads', async ({ page }) => {
    const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/ws/connect'));
    await signIn(page);
    const ws = await socket;
    expect(new URL(ws.url()).searchParams.get('G-N-ID')).toBe('1');
    // Still open a moment later: the server accepted it.
    await page.waitForTimeout(1000);
    expect(ws.isClosed()).toBe(false);
  });

  test('keeps a tab per visited page with refresh, close, close others and close all', async ({
    page,
  }) => {
    await signIn(page);
    // The deploy page is goploy's fixed tab and the first page of the menu.
    await expect(page).toHaveURL(/\/deploy\/index$/);
    const fixed = 'Deploy projects';
    await openFromMenu(page, 'Access control', 'Roles');
    await openFromMenu(page, 'Team', 'Members');
    await openFromMenu(page, 'Logs', 'Login log');
    await expect.poll(() => tabTitles(page)).toEqual([fixed, 'Roles', 'Members', 'Login log']);

    // Refresh goes through /redirect and fetches the page's data again.
    let refetched = false;
    const onRequest = (r: { url(): string }) => {
      if (r.url().includes('/log/getLoginLogList')) refetched = true;
    };
    page.on('request', onRequest);
    await tabMenu(page, 'Login log', 'Refresh', () => Promise.resolve(refetched));
    page.off('request', onRequest);
    await expect(page).toHaveURL(/\/log\/loginLog$/);
    await expect.poll(() => tabTitles(page)).toEqual([fixed, 'Roles', 'Members', 'Login log']);

    // A middle click closes a tab: clicked again while the tab stays, as a click landing while
    // the page still re-renders can be lost.
    const roles = tabs(page).getByRole('tab', { name: 'Roles' });
    await expect(async () => {
      if (await roles.isVisible()) await roles.click({ button: 'middle', timeout: 2000 });
      await expect
        .poll(() => tabTitles(page), { timeout: 3000 })
        .toEqual([fixed, 'Members', 'Login log']);
    }).toPass({ timeout: 30_000 });

    // Closing the page on screen opens the last tab left.
    await tabMenu(
      page,
      'Login log',
      'Close',
      showing(page, [fixed, 'Members'], /\/member\/index$/),
    );

    await openFromMenu(page, 'Access control', 'Roles');
    await expect.poll(() => tabTitles(page)).toEqual([fixed, 'Members', 'Roles']);
    await tabMenu(
      page,
      'Members',
      'Close others',
      showing(page, [fixed, 'Members'], /\/member\/index$/),
    );

    // The fixed tab stays, and is where "close all" leads.
    await tabMenu(page, 'Members', 'Close all', showing(page, [fixed], /\/deploy\/index$/));
  });

  test('switches to Chinese and back: menu, page and tab texts follow', async ({ page }) => {
    await signIn(page);
    const lang = (value: string) => async () =>
      (await page.locator('html').getAttribute('lang')) === value;
    await pickFromDropdown(page, 'Language', '中文', lang('zh-CN'));
    await expect(sideMenu(page).getByRole('menuitem', { name: '团队' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '项目发布' })).toBeVisible();
    await expect(tabs(page).getByRole('tab', { name: '项目发布' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'language');
    expect(cookie?.value).toBe('zh-CN');
    // No raw keys anywhere on the page.
    await expect(page.locator('body')).not.toContainText(/\b(menu|namespace|layout|common)\.[a-z]/);

    await page.reload();
    await expect(page.getByRole('heading', { name: '项目发布' })).toBeVisible();
    await pickFromDropdown(page, '语言', 'English', lang('en'));
    await expect(page.getByRole('heading', { name: 'Deploy projects' })).toBeVisible();
  });

  test('dark mode darkens the page and is remembered', async ({ page }) => {
    await signIn(page);
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
    // Clicked until the button offers the light mode back: a click while the page still renders
    // can be lost, and a second click once it went through would switch back.
    await clickUntilShown(
      page.getByRole('button', { name: 'Switch to dark mode' }),
      page.getByRole('button', { name: 'Switch to light mode' }),
    );
    await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.05);
    expect(await backgroundLuminance(page, '.ant-layout-header')).toBeLessThan(0.05);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
  });

  test('switches namespace: stores it and reloads into it', async ({ page }) => {
    await signIn(page);
    const name = `staging${Date.now().toString(36)}`;
    const { id } = await api<{ id: number }>(page.request, 'POST', '/namespace/add', { name });
    await page.reload();
    await pickFromDropdown(page, 'Namespace', name);
    await expect(page.getByRole('button', { name: 'Namespace', exact: true })).toContainText(name);
    const identity = await page.evaluate(() => sessionStorage.getItem('G-N-ID'));
    expect(JSON.parse(identity ?? '{}')).toMatchObject({ id, name, roleId: 0 });
    // Requests now carry the new namespace.
    const next = page.waitForRequest((r) => r.url().includes('/user/info'));
    await page.reload();
    expect((await next).headers()['g-n-id']).toBe(String(id));
    // And back, where the other specs work: the next login proposes the namespace used last.
    await pickFromDropdown(page, 'Namespace', 'default');
    await expect(page.getByRole('button', { name: 'Namespace', exact: true })).toContainText(
      'default',
    );
    await expect.poll(() => currentNamespaceId(page)).toBe(1);
  });

  test('on a phone the menu is a drawer and dialogs fill the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
    const drawer = page.locator('.ant-drawer');
    const team = drawer.getByRole('menuitem', { name: 'Team' });
    // Each click until what it opens shows: on a busy machine the drawer is still sliding in, or
    // the submenu still unfolding, when clicked, and the click can miss.
    await clickUntilShown(page.getByRole('button', { name: 'Open the menu' }), team);
    await expect(team).toBeVisible();
    await openMenuEntry(
      page,
      team,
      drawer.getByRole('menuitem', { name: 'Members', exact: true }),
      () => /\/member\/index$/.test(new URL(page.url()).pathname),
    );
    await expect(page).toHaveURL(/\/member\/index$/);
    await expect(drawer.getByRole('menuitem', { name: 'Members' })).toBeHidden();

    const dialog = page.getByRole('dialog');
    await clickUntilShown(page.getByRole('button', { name: 'Add member' }), dialog);
    await expect(dialog).toBeVisible();
    // Once the opening animation is over.
    await expect
      .poll(async () => (await page.locator('.ant-modal').boundingBox())?.width)
      .toBeGreaterThanOrEqual(389);
    // Nothing overflows sideways.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
  });

  test('a session ended elsewhere asks at once to log in again', async ({ page }) => {
    await signIn(page);
    await openFromMenu(page, 'Team', 'Members');
    // Another tab signs out: the server closes this page's hub socket, which notices at once.
    await page.request.post('/user/logout');
    const dialog = page.getByRole('dialog').filter({ hasText: 'Confirm logout' });
    await expect(dialog).toBeVisible();
    await confirmWith(page, 'Re-login', dialog);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmember%2Findex/);
  });

  test('unknown paths show the 404 page inside the layout', async ({ page }) => {
    await signIn(page);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('This page does not exist.')).toBeVisible();
    // Clicked until the first page shows: a click while the page still renders can be lost.
    await clickUntilShown(
      page.getByRole('button', { name: 'Back to home' }),
      page.getByRole('heading', { name: 'Deploy projects' }),
    );
    await expect(page).toHaveURL(/\/deploy\/index$/);
  });
});
