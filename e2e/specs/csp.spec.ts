import { expect, test, type Page } from '@playwright/test';
import { openInApp, settled, trackRequests } from './settled';
import {
  backgroundLuminance,
  clickUntilShown,
  selectTab,
  signIn,
  watchCspViolations,
} from './support';

/** The main pages and what each shows once it has rendered. */
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

/** The computed background of the first primary button: antd's styles reached the page. */
const primaryButtonColour = (page: Page) =>
  page
    .locator('.ant-btn-primary')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

for (const theme of ['light', 'dark'] as const) {
  test(`every main page renders styled under the Content-Security-Policy, ${theme}`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const violations = await watchCspViolations(page);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    trackRequests(page);
    await signIn(page);
    // The policy the signed-in page was loaded with; every page below renders under it.
    const first = await page.reload();
    expect(first?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    for (const { path, heading } of PAGES) {
      // Each address answers the app under the policy, with a nonce of its own.
      const answer = await page.request.get(path, { headers: { accept: 'text/html' } });
      const policy = answer.headers()['content-security-policy'] ?? '';
      expect(policy, path).toMatch(/script-src 'self' 'nonce-[^']+'/);
      expect(policy, path).not.toContain('unsafe-inline');
      // Opened as a click in the menu opens it: its code and styles load under the page's policy.
      await openInApp(page, path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible({
        timeout: 15_000,
      });
      await settled(page);
    }
    // Styled in the chosen theme: a coloured primary button on a light or dark page.
    await page.goto('/member/index');
    await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible({
      timeout: 15_000,
    });
    expect(await primaryButtonColour(page)).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    const luminance = await backgroundLuminance(page);
    if (theme === 'dark') expect(luminance).toBeLessThan(0.1);
    else expect(luminance).toBeGreaterThan(0.8);

    // The project form's script editor (CodeMirror) and the toolbox.
    await page.goto('/project/index');
    // Opened until the drawer's tabs show, then the tab until it is selected: on a busy machine
    // a click while the page still loads, or the drawer still slides in, can be lost.
    const scripts = page.getByRole('tab', { name: 'Scripts' });
    await clickUntilShown(page.getByRole('button', { name: 'Add project' }), scripts, 15_000);
    await selectTab(scripts);
    await expect(page.locator('.cm-editor').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/toolbox/json');
    await settled(page);

    expect(violations()).toEqual([]);
  });
}
