import { expect, test } from '@playwright/test';
import nodePath from 'node:path';
import { openInApp, settled, trackRequests } from './settled';
import { SHOTS, signIn } from './support';

/** Every main page, in both themes, at desktop width. */
const PAGES = [
  { path: '/deploy/index', heading: 'Deploy projects' },
  { path: '/project/index', heading: 'Project list' },
  { path: '/server/index', heading: 'Server list' },
  { path: '/server/terminal', heading: 'Terminal' },
  { path: '/namespace/index', heading: 'Namespaces' },
  { path: '/namespace/role', heading: 'Roles' },
  { path: '/member/index', heading: 'Members' },
  { path: '/log/loginLog', heading: 'Login log' },
  { path: '/log/operationLog', heading: 'Operation log' },
  { path: '/log/publishLog', heading: 'Publish log' },
  { path: '/log/terminalLog', heading: 'Terminal log' },
  { path: '/user/profile', heading: 'Profile' },
];

for (const theme of ['light', 'dark'] as const) {
  test(`screenshots of the main pages, ${theme}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    trackRequests(page);
    await signIn(page);
    for (const { path, heading } of PAGES) {
      await openInApp(page, path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await settled(page);
      const name = `${path.slice(1).replaceAll('/', '-')}-${theme}.png`;
      await page.screenshot({
        path: nodePath.join(SHOTS, name),
        fullPage: true,
      });
    }
    await page.goto('/login');
  });
}

test('screenshots of the main pages in Chinese', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  trackRequests(page);
  await signIn(page);
  await context.addCookies([
    { name: 'language', value: 'zh-CN', url: test.info().project.use.baseURL! },
  ]);
  // Loaded again once, in Chinese; then each page through the app's router.
  await page.reload();
  for (const { path } of PAGES) {
    await openInApp(page, path);
    await expect(page.getByRole('main').getByRole('heading', { level: 3 }).first()).toBeVisible();
    await settled(page);
    const name = `${path.slice(1).replaceAll('/', '-')}-zh.png`;
    await page.screenshot({ path: nodePath.join(SHOTS, name), fullPage: true });
  }
});
