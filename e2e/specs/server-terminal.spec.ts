import { expect, test } from '@playwright/test';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import { shot, signIn, watchCspViolations } from './support';

/**
 * The whole server path in a real browser against a real sshd: add a server through the form
 * (its connection test succeeds), open a terminal on it, run a command, and replay the session
 * from the terminal log.
 */
let fleet: SshdFleet;
let sshd: SshdServer;

test.beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  sshd = fleet.servers[0]!;
});

test.afterAll(async () => {
  await fleet?.stopAll();
});

test('add a server, run a command in its terminal, replay the session', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `e2e-${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  // The page's Content-Security-Policy refuses nothing the app does.
  const cspViolations = await watchCspViolations(page);
  await signIn(page);

  await page.goto('/server/index');
  await page.getByRole('button', { name: 'Add server' }).click();
  const form = page.getByRole('dialog', { name: 'Add a server' });
  await form.locator('#name').fill(name);
  await form.locator('#ip').fill(sshd.host);
  await form.locator('#port').fill(String(sshd.port));
  await form.locator('#owner').fill(sshd.user);
  await form.locator('#password').fill(sshd.password);
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByText(/Connected in \d+ ms/)).toBeVisible({ timeout: 20_000 });
  // The fingerprint shows shortened, whole in a tooltip.
  await expect(form.getByText(sshd.hostKeyFingerprint.slice(0, 16))).toBeVisible();
  await shot(page, 'server-form-tested', { settle: true });
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  // Adding connects to the server as the test did, which takes seconds on a busy machine.
  await expect(form).toBeHidden({ timeout: 20_000 });
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('OK', { exact: true })).toBeVisible();
  await shot(page, 'server-index-with-server', { settle: true });

  await row.getByRole('button', { name: 'Terminal' }).click();
  await expect(page).toHaveURL(/\/server\/terminal/);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 20_000 });
  const screen = page.locator('.xterm');
  await screen.click();
  await page.keyboard.type('echo ferry-e2e-$((6*7))\n');
  await expect(page.locator('.xterm-rows')).toContainText('ferry-e2e-42');
  await shot(page, 'server-terminal-light', { settle: true });
  await page.keyboard.type('exit\n');
  await expect(page.getByText('The SSH session ended').first()).toBeVisible();

  await page.goto('/log/terminalLog');
  const session = page.getByRole('row').filter({ hasText: name });
  await expect(session).toBeVisible({ timeout: 15_000 });
  await session.getByRole('button', { name: 'Replay' }).click();
  const replay = page.getByRole('dialog').filter({ hasText: `on ${name}` });
  // The player draws its own Play control as well; ours is in the Playback toolbar.
  await replay
    .getByRole('toolbar', { name: 'Playback' })
    .getByRole('button', { name: 'Play' })
    .click();
  await expect(replay).toContainText('ferry-e2e-42', { timeout: 20_000 });
  await shot(page, 'log-terminalLog-replay', { settle: true });
  expect(cspViolations()).toEqual([]);
});
