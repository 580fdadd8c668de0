import { expect, test } from '@playwright/test';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import {
  clickToFocus,
  clickUntilShown,
  pressOnce,
  shot,
  signIn,
  watchCspViolations,
} from './support';

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
  const form = page.getByRole('dialog', { name: 'Add a server' });
  // Opened until it shows: a click while the page still loads can be lost.
  await clickUntilShown(page.getByRole('button', { name: 'Add server' }), form);
  await form.locator('#name').fill(name);
  await form.locator('#ip').fill(sshd.host);
  await form.locator('#port').fill(String(sshd.port));
  await form.locator('#owner').fill(sshd.user);
  await form.locator('#password').fill(sshd.password);
  // Tested until it answers, given the time an SSH connection takes (a test only connects; a
  // click while it runs does nothing).
  await clickUntilShown(
    form.getByRole('button', { name: 'Test connection' }),
    form.getByText(/Connected in \d+ ms/),
    10_000,
  );
  await expect(form.getByText(/Connected in \d+ ms/)).toBeVisible({ timeout: 20_000 });
  // The fingerprint shows shortened, whole in a tooltip.
  await expect(form.getByText(sshd.hostKeyFingerprint.slice(0, 16))).toBeVisible();
  await shot(page, 'server-form-tested', { settle: true });
  // Pressed once only: a second press would add the server twice.
  await pressOnce(form.getByRole('button', { name: 'Add', exact: true }));
  // Adding connects to the server as the test did, which takes seconds on a busy machine.
  await expect(form).toBeHidden({ timeout: 20_000 });
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText('OK', { exact: true })).toBeVisible();
  await shot(page, 'server-index-with-server', { settle: true });

  // Opened until the terminal page shows: a click while the list still renders can be lost.
  await clickUntilShown(
    row.getByRole('button', { name: 'Terminal' }),
    page.getByRole('heading', { name: 'Terminal', exact: true }),
    10_000,
  );
  await expect(page).toHaveURL(/\/server\/terminal/);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 20_000 });
  const screen = page.locator('.xterm');
  // The keys go to the terminal once it has the focus.
  await clickToFocus(screen, page.locator('.xterm-helper-textarea'));
  await page.keyboard.type('echo ferry-e2e-$((6*7))\n');
  await expect(page.locator('.xterm-rows')).toContainText('ferry-e2e-42');
  await shot(page, 'server-terminal-light', { settle: true });
  await page.keyboard.type('exit\n');
  await expect(page.getByText('The SSH session ended').first()).toBeVisible();

  await page.goto('/log/terminalLog');
  const session = page.getByRole('row').filter({ hasText: name });
  await expect(session).toBeVisible({ timeout: 15_000 });
  const replay = page.getByRole('dialog').filter({ hasText: `on ${name}` });
  await clickUntilShown(session.getByRole('button', { name: 'Replay' }), replay);
  // The player draws its own Play control as well; ours is in the Playback toolbar. Played until
  // the session shows: a click while the dialog still zooms in can be lost.
  await clickUntilShown(
    replay.getByRole('toolbar', { name: 'Playback' }).getByRole('button', { name: 'Play' }),
    replay.getByText('ferry-e2e-42').first(),
    10_000,
  );
  await expect(replay).toContainText('ferry-e2e-42', { timeout: 20_000 });
  await shot(page, 'log-terminalLog-replay', { settle: true });
  expect(cspViolations()).toEqual([]);
});
