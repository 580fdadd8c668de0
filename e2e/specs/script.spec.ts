import { expect, test, type Page } from '@playwright/test';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import {
  clickToFocus,
  clickUntilHidden,
  clickUntilShown,
  confirmWith,
  pickStampedServers,
  pressOnce,
  shot,
  twoServersInTheDark,
} from './support';

/**
 * Batch scripts in a real browser against two real sshd servers: run a script on both and watch
 * each pane fill, stop a long script, then open the run in the history and run it again. In the
 * dark theme at the narrowest desktop width, then on a phone.
 */
let fleet: SshdFleet;
let servers: [SshdServer, SshdServer];

test.beforeAll(async () => {
  fleet = await startSshdFleet({ count: 2 });
  servers = fleet.servers as [SshdServer, SshdServer];
});

test.afterAll(async () => {
  await fleet?.stopAll();
});

const pane = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** Replaces the editor's script: select all, then type `lines` (each ends with Enter). */
async function typeScript(page: Page, lines: string[]) {
  const editor = page.getByRole('textbox', { name: 'The script' });
  await clickToFocus(editor);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  for (const line of lines) {
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
  }
}

test('run a script on two servers, stop a long one, run one again from the history', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { stamp, names, cspViolations } = await twoServersInTheDark(page, 'batch', servers);

  await page.goto('/server/script');
  await expect(page.getByRole('heading', { name: 'Scripts', exact: true })).toBeVisible();
  await pickStampedServers(page, stamp);

  // A server variable goes where the cursor is.
  const editor = page.getByRole('textbox', { name: 'The script' });
  await clickToFocus(editor);
  await page.keyboard.type('echo hi-from-');
  await page.getByRole('button', { name: 'Insert ${SERVER_NAME}' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('echo warn-line >&2');
  // Each run pressed once only: a second press would run the script again.
  await pressOnce(page.getByRole('button', { name: 'Run on 2 servers' }));

  for (const name of names) {
    await expect(page.getByRole('log', { name: `Output of ${name}` })).toContainText(
      `hi-from-${name}`,
      { timeout: 30_000 },
    );
    await expect(pane(page, name).getByText('OK', { exact: true })).toBeVisible();
    await expect(pane(page, name).getByText('exit 0')).toBeVisible();
    // stderr is set apart.
    await expect(pane(page, name).locator('[data-stream="stderr"]')).toHaveText('warn-line\n');
  }
  await expect(page.getByText('2 of 2 servers finished · 2 ok, 0 not ok')).toBeVisible();
  await shot(page, 'server-script-992-dark');

  // A long script: stopped on one server, then everywhere.
  await typeScript(page, ['echo started', 'sleep 120', 'echo never']);
  await pressOnce(page.getByRole('button', { name: 'Run on 2 servers' }));
  for (const name of names) {
    await expect(pane(page, name).getByText('Running', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('log', { name: `Output of ${name}` })).toContainText('started');
  }
  await expect(page.getByRole('button', { name: /^Run on 2 servers/ })).toBeDisabled();
  // Stopped until the pane says so: a click lost while the pane still re-renders leaves it
  // running (once stopped, the button is gone and not pressed again).
  await clickUntilShown(
    page.getByRole('button', { name: `Stop the run on ${names[0]}` }),
    pane(page, names[0]).getByText('Stopped', { exact: true }),
    10_000,
  );
  await expect(pane(page, names[0]).getByText('Stopped', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(pane(page, names[1]).getByText('Running', { exact: true })).toBeVisible();
  // The question until it shows, then its OK until it closes: either click can miss while the
  // confirmation still zooms in.
  const stopAll = page.locator('.ant-popconfirm');
  await clickUntilShown(
    page.getByRole('button', { name: 'Stop all' }),
    stopAll.getByRole('button', { name: 'OK', exact: true }),
  );
  await confirmWith(page, 'OK', stopAll);
  await expect(pane(page, names[1]).getByText('Stopped', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('log', { name: `Output of ${names[1]}` })).not.toContainText('never');

  // The history: the stopped run first, then the first run, which runs again.
  const drawer = page.getByRole('dialog', { name: 'Run history' });
  await clickUntilShown(page.getByRole('button', { name: 'History' }), drawer);
  const opens = drawer.getByRole('button', { name: /^Open the run of/ });
  await expect(opens).toHaveCount(2);
  await clickUntilShown(opens.nth(1), drawer.getByLabel('Script', { exact: true }));
  await expect(drawer.getByLabel('Script', { exact: true })).toContainText(
    'echo hi-from-${SERVER_NAME}',
  );
  await expect(drawer.getByRole('log', { name: `Output of ${names[1]}` })).toContainText(
    `hi-from-${names[1]}`,
  );
  await shot(page, 'server-script-history-992-dark');
  // Run again only loads the run into the editor and closes the drawer: pressed until it has.
  await clickUntilHidden(drawer.getByRole('button', { name: 'Run again' }), drawer);
  await expect(drawer).toBeHidden();
  await expect(editor).toContainText('echo hi-from-${SERVER_NAME}');
  await pressOnce(page.getByRole('button', { name: 'Run on 2 servers' }));
  for (const name of names) {
    await expect(pane(page, name).getByText('OK', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
  }

  // On a phone the panes stack and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const boxes = await Promise.all(names.map((n) => pane(page, n).boundingBox()));
  const [upper, lower] = boxes.sort((a, b) => a!.y - b!.y);
  expect(lower!.y).toBeGreaterThanOrEqual(upper!.y + upper!.height);
  expect(lower!.x).toBe(upper!.x);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  await shot(page, 'server-script-phone-dark');
  await clickUntilShown(page.getByRole('button', { name: 'History' }), drawer);
  await expect(page.getByRole('button', { name: /^Open the run of/ })).toHaveCount(3);
  // The drawer has slid all the way in and fills the screen.
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  await shot(page, 'server-script-history-phone-dark');
  expect(cspViolations()).toEqual([]);
});
