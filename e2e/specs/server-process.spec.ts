import { expect, test, type Page } from '@playwright/test';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import {
  choose,
  clickToFocus,
  clickUntilHidden,
  clickUntilShown,
  openFromMenu,
  pickStampedServers,
  pressOnce,
  shot,
  twoServersInTheDark,
} from './support';

/**
 * Server process groups in a real browser against two real sshd servers: create a group with two
 * commands, press one on both servers and watch each pane, open the run in the history and run it
 * again; then save a script as a template on
 * the script page and load it into an emptied editor. In the dark theme at the narrowest desktop
 * width, then on a phone.
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

test('a process group runs its command on two servers; a script is saved and loaded as a template', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { stamp, names, cspViolations } = await twoServersInTheDark(page, 'proc', servers);

  await page.goto('/server/process');
  await expect(page.getByRole('heading', { name: 'Processes', exact: true })).toBeVisible();
  await expect(page.getByText('No process groups yet.', { exact: false })).toBeVisible();
  await shot(page, 'server-process-empty-992-dark');

  // A group with two commands; the second row's duplicate label is refused by the server.
  const drawer = page.getByRole('dialog', { name: 'Add a process group' });
  // Opened until it shows: a click while the page still renders can be lost.
  await clickUntilShown(page.getByRole('button', { name: 'Add group' }).first(), drawer);
  await drawer.getByLabel('Group name').fill(`app-${stamp}`);
  const first = drawer.getByRole('group', { name: 'Command 1' });
  await first.getByLabel('Button label', { exact: true }).fill('hello');
  await first.getByLabel('Command', { exact: true }).fill('echo "hello from ${SERVER_NAME}"');
  const second = drawer.getByRole('group', { name: 'Command 2' });
  // Until the second row shows (a click only adds one while none shows).
  await clickUntilShown(drawer.getByRole('button', { name: 'Add a command' }), second);
  await second.getByLabel('Button label', { exact: true }).fill('hello');
  await second.getByLabel('Command', { exact: true }).fill('uptime');
  // Each save pressed once only: a second press would add the group twice.
  await pressOnce(drawer.getByRole('button', { name: 'Save' }));
  await expect(second.getByText('must be unique in the group')).toBeVisible();
  await second.getByLabel('Button label', { exact: true }).fill('uptime');
  await shot(page, 'server-process-drawer-992-dark');
  await pressOnce(drawer.getByRole('button', { name: 'Save' }));
  await expect(drawer).toBeHidden();

  const group = page.getByRole('region', { name: `app-${stamp}` });
  await expect(group.getByRole('button', { name: 'hello' })).toBeDisabled();
  await pickStampedServers(page, stamp);
  // Pressed once only: each press runs the command on both servers.
  await pressOnce(group.getByRole('button', { name: 'hello' }));
  for (const name of names) {
    await expect(page.getByRole('log', { name: `Output of ${name}` })).toContainText(
      `hello from ${name}`,
      { timeout: 30_000 },
    );
    await expect(pane(page, name).getByText('OK', { exact: true })).toBeVisible();
  }
  await expect(page.getByText('2 of 2 servers finished · 2 ok, 0 not ok')).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();
  await shot(page, 'server-process-992-dark');

  // The history: the run with its group and button, opened, then run again on the same servers.
  const history = page.getByRole('dialog', { name: 'Run history' });
  await clickUntilShown(page.getByRole('button', { name: 'History' }), history);
  await expect(history.getByText(`app-${stamp}: hello`)).toBeVisible();
  await expect(history.getByText('2 ok · 0 failed')).toBeVisible();
  // The drawer has slid all the way in.
  const slid = page.locator('.ant-drawer').filter({ hasText: 'Run history' });
  await expect(slid.locator('.ant-drawer-content-wrapper').first()).toHaveCSS('transform', 'none');
  // The toast of the saved group has gone.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await shot(page, 'server-process-history-992-dark');
  await clickUntilShown(
    history.getByRole('button', { name: /^Open the run of/ }),
    history.getByLabel('Command', { exact: true }),
  );
  await expect(history.getByLabel('Command', { exact: true })).toHaveText(
    'echo "hello from ${SERVER_NAME}"',
  );
  for (const name of names) {
    await expect(history.getByRole('log', { name: `Output of ${name}` })).toContainText(
      `hello from ${name}`,
    );
  }
  await shot(page, 'server-process-history-run-992-dark');
  // Pressed once only: Run again runs the command again.
  await pressOnce(history.getByRole('button', { name: 'Run again' }));
  await expect(history).toBeHidden();
  await expect(page.getByText('2 of 2 servers finished · 2 ok, 0 not ok')).toBeVisible({
    timeout: 30_000,
  });
  await clickUntilShown(page.getByRole('button', { name: 'History' }), history);
  await expect(history.getByRole('button', { name: /^Open the run of/ })).toHaveCount(2);
  await clickUntilHidden(history.locator('.ant-drawer-close'), history);
  await expect(history).toBeHidden();

  // On a phone the panes stack and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const boxes = await Promise.all(names.map((n) => pane(page, n).boundingBox()));
  const [upper, lower] = boxes.sort((a, b) => a!.y - b!.y);
  expect(lower!.y).toBeGreaterThanOrEqual(upper!.y + upper!.height);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);
  await shot(page, 'server-process-phone-dark');
  await page.setViewportSize({ width: 992, height: 900 });

  // The script page: save a script as a template, empty the editor, load it back.
  await page.goto('/server/script');
  const editor = page.getByRole('textbox', { name: 'The script' });
  await clickToFocus(editor);
  await page.keyboard.type(`echo saved-${stamp}`);
  // Exactly "sh": "bash" holds it too.
  await choose(page, page.getByRole('combobox', { name: 'Interpreter' }), 'sh', { exact: true });
  const templates = page.getByRole('button', { name: 'Templates' });
  const save = page.getByRole('dialog', { name: 'Save as template' });
  await openFromMenu(page, templates, 'Save as template…', save);
  await save.getByLabel('Name').fill(`tpl-${stamp}`);
  await save.getByLabel('Description').fill('says it was saved');
  // Pressed once only: a second press would meet the template just saved.
  await pressOnce(save.getByRole('button', { name: 'Save' }));
  await expect(save).toBeHidden();

  await clickToFocus(editor);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await choose(page, page.getByRole('combobox', { name: 'Interpreter' }), 'bash', { exact: true });
  await openFromMenu(
    page,
    templates,
    new RegExp(`^tpl-${stamp}`),
    editor.getByText(`echo saved-${stamp}`),
  );
  await expect(page.getByRole('combobox', { name: 'Interpreter' })).toBeVisible();
  await expect(page.locator('.ant-select-content, .ant-select-selection-item').first()).toHaveText(
    'sh',
  );

  // Saving under the same name offers to overwrite it.
  await openFromMenu(page, templates, 'Save as template…', save);
  await save.getByLabel('Name').fill(`tpl-${stamp}`);
  await pressOnce(save.getByRole('button', { name: 'Save' }));
  await expect(save.getByText('A template with this name exists already')).toBeVisible();
  await shot(page, 'server-script-template-taken-992-dark');
  await pressOnce(save.getByRole('button', { name: `Overwrite tpl-${stamp}` }));
  await expect(save).toBeHidden();

  // On a phone the menu lists the template with its interpreter.
  await page.setViewportSize({ width: 390, height: 844 });
  const template = page.getByRole('menuitem', { name: new RegExp(`^tpl-${stamp}`) });
  // Opened until it shows: a click while the page still re-renders at its new width can be lost.
  await clickUntilShown(page.getByRole('button', { name: 'Templates' }), template);
  await expect(template).toBeVisible();
  // The menu has finished sliding in.
  await expect(page.locator('.ant-dropdown')).not.toHaveClass(/-(enter|appear)/);
  await shot(page, 'server-script-templates-phone-dark');
  expect(cspViolations()).toEqual([]);
});
