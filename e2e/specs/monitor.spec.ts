import { expect, test, type Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  choose,
  clickUntilHidden,
  clickUntilShown,
  confirmWith,
  openFromMenu,
  pressOnce,
  shot,
  signIn,
} from './support';

/**
 * Application monitors in a real browser against the real engine: a local site that can be
 * switched to answer 500 and back, then stopped and started, and a local receiver of the custom
 * webhook. Add a site
 * monitor (10 s, failure times 1), see it up, down with the alert, up again with the recovery
 * notice; pause and resume, edit and delete it. At the narrowest desktop width, light and dark,
 * and on a phone.
 */

interface Site {
  url: string;
  setStatus: (status: number) => void;
  /** Stops listening (connections are refused), and listens again on the same port. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const closeServer = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

async function startSite(): Promise<Site> {
  let status = 200;
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(status === 200 ? 'shop is fine' : 'broken');
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/health`,
    setStatus: (s) => {
      status = s;
    },
    stop: () => closeServer(server),
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => (server.listening ? closeServer(server) : Promise.resolve()),
  };
}

interface Alert {
  recovered: boolean;
  error: string;
  monitor: { name: string };
}

async function startReceiver() {
  const alerts: Alert[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: Alert };
        if (body.data) alerts.push(body.data);
      } catch {
        // Not an alert.
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/hook`, alerts, close: () => closeServer(server) };
}

let site: Site;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  site = await startSite();
  receiver = await startReceiver();
});

test.afterAll(async () => {
  await site?.close();
  await receiver?.close();
});

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const stateOf = (page: Page, name: string, state: string) =>
  rowOf(page, name).getByRole('img', { name: state, exact: true });

test('a site monitor goes down, alerts, recovers; pause, edit and delete it', async ({ page }) => {
  test.setTimeout(240_000);
  const name = `shop-${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 992, height: 900 });
  await signIn(page);
  await page.goto('/monitor/index');
  await expect(page.getByRole('heading', { name: 'Application monitors' })).toBeVisible();

  const drawer = page.getByRole('dialog', { name: 'Add monitor' });
  // Opened until it shows: a click while the page still renders can be lost.
  await clickUntilShown(page.getByRole('button', { name: 'Add monitor' }).first(), drawer);
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await drawer.getByRole('textbox', { name: 'URLs 1' }).fill(site.url);
  await drawer.getByLabel('Interval').fill('10');
  await drawer.getByLabel('Failure times').fill('1');
  await drawer.getByLabel('Silent cycle').fill('1');
  await choose(page, drawer.getByLabel('Notify', { exact: true }), 'Custom webhook');
  await drawer.getByLabel('Webhook address').fill(receiver.url);

  // Test: the check runs once and says what the site answered.
  // Until a result shows: a click while the drawer still slides in can be lost (a second check
  // only reads the site again).
  await clickUntilShown(
    drawer.getByRole('button', { name: 'Test' }),
    drawer.getByTestId('check-result'),
    10_000,
  );
  await expect(drawer.getByTestId('check-result')).toContainText('Passed in');
  await expect(drawer.getByTestId('check-result')).toContainText(site.url);
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await shot(page, 'monitor-test-992-light');
  await drawer.getByLabel('Name', { exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'monitor-form-992-light');

  // Pressed once only: a second press would add a second monitor.
  await pressOnce(drawer.getByRole('button', { name: 'Add', exact: true }));
  await expect(page.getByText(`${name} was added`)).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(stateOf(page, name, 'Up')).toBeVisible({ timeout: 20_000 });
  await expect(rowOf(page, name)).toContainText('100%', { timeout: 20_000 });
  await shot(page, 'monitor-list-992-light');

  // Down: the state changes live (no reload) and the alert arrives.
  site.setStatus(500);
  await expect(stateOf(page, name, 'Down')).toBeVisible({ timeout: 30_000 });
  await expect(rowOf(page, name)).toContainText('HTTP status 500');
  await expect
    .poll(() => receiver.alerts.filter((a) => !a.recovered).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  expect(receiver.alerts[0]).toMatchObject({ monitor: { name }, recovered: false });

  // Up again, with the recovery notice.
  site.setStatus(200);
  await expect(stateOf(page, name, 'Up')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => receiver.alerts.filter((a) => a.recovered).length, { timeout: 15_000 })
    .toBe(1);

  // The server stops: down again (connection refused), alerted; it starts: up, recovered.
  await site.stop();
  await expect(stateOf(page, name, 'Down')).toBeVisible({ timeout: 30_000 });
  await expect(rowOf(page, name)).toContainText('ECONNREFUSED');
  await expect
    .poll(() => receiver.alerts.filter((a) => !a.recovered).length, { timeout: 15_000 })
    .toBe(2);
  await site.start();
  await expect(stateOf(page, name, 'Up')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => receiver.alerts.filter((a) => a.recovered).length, { timeout: 15_000 })
    .toBe(2);

  // The details: the chart switches ranges, the outage is listed with its recovery notice.
  const details = page.getByRole('dialog').filter({ hasText: 'Response time' });
  await clickUntilShown(rowOf(page, name).getByText(name, { exact: true }), details);
  await expect(details).toBeVisible();
  const chart = details.getByRole('img').filter({ has: page.locator('canvas') });
  await expect(chart).toBeVisible({ timeout: 15_000 });
  for (const range of ['6 h', '7 d', '90 d', '1 h']) {
    await details.getByText(range, { exact: true }).click();
    await expect(chart).toBeVisible();
  }
  await expect(details.getByText('Resolved')).toHaveCount(2);
  await expect(details.getByText('Recovery notice').first()).toBeVisible();
  await shot(page, 'monitor-detail-992-light');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Pause and resume.
  const more = (n: string) => rowOf(page, n).getByRole('button', { name: `More actions for ${n}` });
  await openFromMenu(page, more(name), 'Pause', page.getByText(`${name} is paused`));
  await expect(stateOf(page, name, 'Paused')).toBeVisible();
  await openFromMenu(page, more(name), 'Resume', page.getByText(`${name} is checked again`));
  await expect(stateOf(page, name, 'Up')).toBeVisible({ timeout: 20_000 });

  // Edit: the form holds the monitor; a new name is saved.
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await clickUntilShown(rowOf(page, name).getByRole('button', { name: 'Edit', exact: true }), edit);
  await expect(edit.getByRole('textbox', { name: 'URLs 1' })).toHaveValue(site.url);
  await expect(edit.getByLabel('Interval')).toHaveValue('10');
  await expect(edit.getByText('Error content')).toBeVisible();
  const renamed = `${name}-edited`;
  await edit.getByLabel('Name', { exact: true }).fill(renamed);
  await pressOnce(edit.getByRole('button', { name: 'Save' }));
  await expect(page.getByText(`${renamed} was saved`)).toBeVisible();
  await expect(rowOf(page, renamed)).toBeVisible();

  // Dark, then a phone: the list and the form.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(stateOf(page, renamed, 'Up')).toBeVisible({ timeout: 20_000 });
  await shot(page, 'monitor-list-992-dark');
  const editRenamed = page.getByRole('dialog', { name: `Edit ${renamed}` });
  await clickUntilShown(
    rowOf(page, renamed).getByRole('button', { name: 'Edit', exact: true }),
    editRenamed,
  );
  await expect(editRenamed).toBeVisible();
  await clickUntilShown(
    editRenamed.getByRole('button', { name: 'Test' }),
    page.getByTestId('check-result'),
    10_000,
  );
  await expect(page.getByTestId('check-result')).toContainText('Passed in');
  await shot(page, 'monitor-form-992-dark');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('img', { name: 'Up', exact: true }).first()).toBeVisible();
  await page.waitForTimeout(600); // the list's fade-in
  await shot(page, 'monitor-list-phone');
  await openFromMenu(
    page,
    page.getByRole('button', { name: `More actions for ${renamed}` }),
    'Edit',
    page.getByRole('dialog', { name: `Edit ${renamed}` }),
  );
  await page.waitForTimeout(600); // the drawer's slide-in
  await shot(page, 'monitor-form-phone');
  // Closed until gone: left open, it covers the menu the delete starts from.
  await clickUntilHidden(page.getByRole('button', { name: 'Cancel' }), editRenamed);

  // Delete, after the question.
  await page.setViewportSize({ width: 992, height: 900 });
  await openFromMenu(
    page,
    more(renamed),
    'Delete',
    page.getByText(`This action will delete the ${renamed}, continue?`),
  );
  await confirmWith(page, 'Delete');
  await expect(page.getByText(`${renamed} was deleted`)).toBeVisible();
  await expect(rowOf(page, renamed)).toHaveCount(0);
});
