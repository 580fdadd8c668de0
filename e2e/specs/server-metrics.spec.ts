import { expect, test, type Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import {
  addSshServer,
  choose,
  clickUntilHidden,
  clickUntilShown,
  openFromMenu,
  pressOnce,
  shot,
  signIn,
  watchCspViolations,
} from './support';

/**
 * Server metrics in a real browser against a real sshd server: install the agent from the
 * metrics page and watch its progress, see the charts fill with the agent's reports, add a rule
 * with a low threshold and see its alert arrive at a local receiver; then uninstall the agent.
 * In the dark theme at the narrowest desktop width, then the page on a phone.
 */
let fleet: SshdFleet;
let sshd: SshdServer;

interface Notice {
  server?: { name?: string };
  rule?: { item?: string };
  recovered?: boolean;
}

async function startReceiver() {
  const notices: Notice[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: Notice };
        notices.push(body.data ?? (body as Notice));
      } catch {
        // Not a notice.
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    notices,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  sshd = fleet.servers[0]!;
  receiver = await startReceiver();
});

test.afterAll(async () => {
  await receiver?.close();
  await fleet?.stopAll();
});

const panel = (page: Page, title: string) =>
  page.locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });

test('install the agent, see the charts fill, and get a rule alert', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 992, height: 900 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const cspViolations = await watchCspViolations(page);
  await signIn(page);
  const name = `metrics-${Date.now().toString(36)}`;
  const serverId = await addSshServer(page.request, name, sshd);

  // The server list offers its metrics.
  await page.goto('/server/index');
  const row = page.getByRole('row').filter({ hasText: name });
  await openFromMenu(
    page,
    row.getByRole('button', { name: `More actions for ${name}` }),
    'Metrics',
    page.getByRole('heading', { name: `Server metrics · ${name}` }),
  );
  await expect(page).toHaveURL(new RegExp(`/server/agent\\?serverId=${serverId}`));

  // Install the agent, reporting every 10 s to this console, and watch the server's pane.
  const drawer = page.getByRole('dialog', { name: 'Install agent' });
  // Opened until it shows: a click while the page still loads can be lost.
  await clickUntilShown(page.getByRole('button', { name: 'Install agent' }), drawer);
  await expect(drawer.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();
  await drawer.getByLabel('Report every').fill('10');
  await drawer.getByLabel('Console address').fill(baseURL!);
  // Pressed once only: a second press would install the agent again.
  await pressOnce(drawer.getByRole('button', { name: 'Install', exact: true }));
  const pane = drawer.getByRole('group', { name, exact: true });
  await expect(pane.getByText('OK', { exact: true })).toBeVisible({ timeout: 90_000 });
  await shot(page, 'metrics-install-992-dark');
  // Closed until gone: left open, it covers the page's buttons.
  await clickUntilHidden(drawer.getByRole('button', { name: 'Close' }), drawer);
  await expect(page.getByText('Agent reports')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Installed', { exact: true })).toBeVisible();

  // The agent's reports fill the charts, live.
  for (const title of ['CPU usage', 'Memory usage', 'Load average', 'TCP connections']) {
    await expect(panel(page, title).locator('canvas')).toBeVisible({ timeout: 60_000 });
  }
  await expect(panel(page, 'Disk and inode usage').locator('canvas')).toBeVisible();

  // A rule that breaches at once: CPU usage at or above 0 over a minute.
  const form = page.getByRole('dialog', { name: 'Add a warning rule' });
  await clickUntilShown(page.getByRole('button', { name: 'Add rule' }), form);
  await choose(page, form.getByRole('combobox', { name: 'Item' }), 'cpu_usage');
  await form.getByLabel('Threshold').fill('0');
  await choose(page, form.getByRole('combobox', { name: 'Window' }), '1 min');
  await form.getByLabel('Silence').fill('5');
  await choose(page, form.getByLabel('Notify', { exact: true }), 'Custom webhook');
  await form.getByLabel('Webhook address').fill(receiver.url);
  await pressOnce(form.getByRole('button', { name: 'Save' }));
  await expect(page.getByText('Rule saved')).toBeVisible();

  await expect
    .poll(() => receiver.notices.filter((n) => n.rule?.item === 'cpu_usage').length, {
      timeout: 180_000,
    })
    .toBeGreaterThanOrEqual(1);
  expect(receiver.notices[0]).toMatchObject({ server: { name }, recovered: false });
  const rules = page.locator('.ant-card').filter({ has: page.getByText('Warning rules') });
  await expect(rules.getByText(/Alerted|Silenced/)).toBeVisible({ timeout: 90_000 });
  await shot(page, 'metrics-page-992-dark');

  // A phone: the header, the charts and the rules stack.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel(page, 'CPU usage').locator('canvas')).toBeVisible();
  await shot(page, 'metrics-page-phone-dark');
  await page.setViewportSize({ width: 992, height: 900 });

  // Uninstall: collection goes back to pulling over SSH.
  const remove = page.getByRole('dialog', { name: 'Uninstall agent' });
  await clickUntilShown(page.getByRole('button', { name: 'Uninstall agent' }), remove);
  await pressOnce(remove.getByRole('button', { name: 'Uninstall', exact: true }));
  await expect(
    remove.getByRole('group', { name, exact: true }).getByText('OK', { exact: true }),
  ).toBeVisible({ timeout: 90_000 });
  await clickUntilHidden(remove.getByRole('button', { name: 'Close' }), remove);
  await expect(page.getByText('Pulled over SSH')).toBeVisible({ timeout: 30_000 });
  expect(cspViolations()).toEqual([]);
});
