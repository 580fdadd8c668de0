import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import nodePath from 'node:path';

export const ADMIN_PASSWORD = 'Admin123!';

/** Where the specs put the screenshots they take for review. */
export const SHOTS = nodePath.resolve(import.meta.dirname, '../test-results/screenshots');

/** A full-page screenshot `<name>.png`; `settle` waits for the page's requests to end first. */
export async function shot(page: Page, name: string, opts: { settle?: boolean } = {}) {
  if (opts.settle) await page.waitForLoadState('networkidle');
  await page.screenshot({ path: nodePath.join(SHOTS, `${name}.png`), fullPage: true });
}

interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** Signs in through the login form and waits for the first page. */
export async function signIn(page: Page, account = 'admin', password = ADMIN_PASSWORD) {
  await page.goto('/login');
  await page.getByPlaceholder('Your account').fill(account);
  await page.getByPlaceholder('Your password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await layoutUp(page);
  // The specs work in namespace 1. Login proposes the namespace the account last worked in,
  // which a spec switching namespaces (the shell's) may have left elsewhere for a while.
  if ((await currentNamespaceId(page)) !== 1) {
    await pickFromDropdown(page, 'Namespace', 'default');
    await expect.poll(() => currentNamespaceId(page)).toBe(1);
    await layoutUp(page);
  }
}

/** The layout is up once the first page has its tab (on a phone, which has no tabs: the menu). */
async function layoutUp(page: Page) {
  await expect(
    page
      .getByRole('tab')
      .first()
      .or(page.getByRole('button', { name: 'Open the menu' })),
  ).toBeVisible();
}

/** The namespace this tab works in (the `G-N-ID` it sends). */
export function currentNamespaceId(page: Page): Promise<number> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('G-N-ID') ?? localStorage.getItem('G-N-ID') ?? '{}';
    return (JSON.parse(raw) as { id?: number }).id ?? 0;
  });
}

/**
 * Opens a navbar dropdown and picks an entry, until the menu has closed on it, or until `done`
 * says the pick took effect: on a busy machine a click that lands while the menu still renders
 * can be lost, and a pick that renames the button (a language) may close the menu late.
 */
export async function pickFromDropdown(
  page: Page,
  button: string,
  item: string,
  done?: () => Promise<boolean>,
) {
  const entry = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (done && (await done())) return;
    if (!(await entry.isVisible())) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await expect(entry).toBeVisible({ timeout: 1_000 });
    }
    await entry.click({ timeout: 2_000 });
    await expect(entry).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Picks an option of an antd select opened by clicking `field`, until the select shows it: on a
 * busy machine a click on an option list that is still re-rendering can be lost. `exact` picks
 * the option of exactly that text, where another holds it ("sh" in "bash").
 */
export async function choose(
  page: Page,
  field: Locator,
  option: string,
  opts: { exact?: boolean } = {},
) {
  const select = field.locator(
    'xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  const value = select.locator('.ant-select-content, .ant-select-selection-item').first();
  const shown = async () =>
    opts.exact
      ? ((await value.textContent({ timeout: 1_000 }).catch(() => '')) ?? '').trim() === option
      : ((await select.textContent()) ?? '').includes(option) ||
        (await field.inputValue().catch(() => '')) === option;
  const text = opts.exact
    ? new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
    : option;
  await expect(async () => {
    if (await shown()) return;
    const list = page.locator('.ant-select-dropdown:visible').first();
    if (!(await list.isVisible())) await field.click({ timeout: 3_000 });
    await list.locator('.ant-select-item-option').filter({ hasText: text }).first().click({
      timeout: 5_000,
    });
    await expect.poll(shown, { timeout: 2_000 }).toBe(true);
  }).toPass({ timeout: 30_000 });
}

/**
 * Presses `button` in the confirmation dialog, once it shows, until the dialog has closed: on a
 * busy machine a click that lands while the dialog still zooms in can miss the button.
 */
export async function confirmWith(page: Page, button: string, dialog = page.getByRole('dialog')) {
  const press = dialog.getByRole('button', { name: button, exact: true });
  await expect(press).toBeVisible();
  await expect(async () => {
    if (await press.isVisible()) await press.click({ timeout: 2_000 });
    await expect(press).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Clicks `button` until `opened` (the dialog or drawer it opens) shows: on a busy machine a click
 * that lands while the button's own dialog still zooms in can miss. `wait` is how long a click is
 * given to show it (longer where what opens loads first, and a second click would undo the first).
 */
export async function clickUntilShown(button: Locator, opened: Locator, wait = 3_000) {
  await expect(async () => {
    if (!(await opened.isVisible())) await button.click({ timeout: 3_000 });
    await expect(opened).toBeVisible({ timeout: wait });
  }).toPass({ timeout: Math.max(30_000, 3 * wait) });
}

/**
 * Clicks `button` (a drawer's or dialog's close) until `gone` (the drawer or dialog, by default
 * the button itself) is hidden: on a busy machine a click that lands while the drawer still
 * slides in can miss, and the drawer left open covers what the next step clicks.
 */
export async function clickUntilHidden(button: Locator, gone: Locator = button) {
  await expect(async () => {
    if (await gone.isVisible()) await button.click({ timeout: 3_000 });
    await expect(gone).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Clicks a tab until it is the selected one: on a busy machine a click that lands while the
 * drawer or page around it still moves in or re-renders can be lost, and the next step waits for
 * a panel that never shows.
 */
export async function selectTab(tab: Locator) {
  await expect(async () => {
    if ((await tab.getAttribute('aria-selected', { timeout: 3_000 })) !== 'true') {
      await tab.click({ timeout: 3_000 });
    }
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Turns a switch, checkbox or radio on, clicking it until it shows checked: a click lost while
 * its drawer still slides in would leave it off, and a second click on one that is on would turn
 * it off again.
 */
export async function turnOn(toggle: Locator) {
  await expect(async () => {
    if (!(await toggle.isChecked({ timeout: 3_000 }))) await toggle.click({ timeout: 3_000 });
    await expect(toggle).toBeChecked({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Clicks `field` (an editor, a terminal) so that the keyboard types into it, clicking again until
 * `focused` (what takes the keys, by default the field) has the focus: a click made while the
 * editor still mounts can be lost, and the keys would go nowhere.
 */
export async function clickToFocus(field: Locator, focused: Locator = field) {
  await field.click();
  await expect(async () => {
    const has = await focused.evaluate((el) => el === document.activeElement, undefined, {
      timeout: 3_000,
    });
    if (!has) await field.click({ timeout: 3_000 });
    await expect(focused).toBeFocused({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** An ancestor still moving in: antd's motions mark it `…-appear` or `…-enter` until they end. */
const MOVING_IN = 'xpath=ancestor::*[contains(@class, "-appear") or contains(@class, "-enter")]';

/**
 * Presses a button that does something once (adds, saves, deploys, runs): once it shows, can be
 * pressed and the dialog or drawer around it has stopped moving in, and never twice, as a second
 * press would do it twice. What it did is awaited after, by the step that checks it.
 */
export async function pressOnce(button: Locator) {
  await expect(button).toBeVisible({ timeout: 15_000 });
  await expect(button).toBeEnabled({ timeout: 15_000 });
  await expect(button.locator(MOVING_IN)).toHaveCount(0, { timeout: 15_000 });
  await button.click();
}

/**
 * Opens `entry` of the menu that `more` opens (a button to click, or a function that opens the
 * menu, such as a right click), the entry by its name or the item itself where the name is not
 * unique on the page, until `opened` (the drawer, dialog or page it opens) shows, or answers true
 * where what the entry does is not on the page (a download): on a busy machine the menu is still
 * moving in when clicked, and the click can miss.
 */
export async function openFromMenu(
  page: Page,
  more: Locator | (() => Promise<void>),
  entry: string | RegExp | Locator,
  opened: Locator | (() => boolean),
) {
  const isOpen = () =>
    typeof opened === 'function' ? Promise.resolve(opened()) : opened.isVisible();
  const item =
    typeof entry === 'string' || entry instanceof RegExp
      ? page.getByRole('menuitem', { name: entry })
      : entry;
  await expect(async () => {
    if (await isOpen()) return;
    if (!(await item.isVisible())) {
      await (typeof more === 'function' ? more() : more.click({ timeout: 3_000 }));
    }
    await item.click({ timeout: 3_000 });
    await expect.poll(isOpen, { timeout: 3_000 }).toBe(true);
  }).toPass({ timeout: 30_000 });
}

/** Calls the API with the page's session cookie in namespace `ns`; throws on a non-zero code. */
export async function api<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: object,
  ns = 1,
): Promise<T> {
  const res = await request.fetch(path, {
    method,
    headers: { 'G-N-ID': String(ns) },
    ...(method === 'GET' ? { params: body as Record<string, string> } : { data: body ?? {} }),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 0) throw new Error(`${path}: ${env.code} ${env.message}`);
  return env.data;
}

/** The raw envelope of a call (for checking refusals). */
export async function envelope(request: APIRequestContext, path: string, ns = 1) {
  const res = await request.get(path, { headers: { 'G-N-ID': String(ns) } });
  return (await res.json()) as Envelope;
}

let serial = 0;

/** A fresh account name, unique within this run. */
export function uniqueAccount(prefix: string): string {
  serial += 1;
  return `${prefix}${Date.now().toString(36)}${serial}`;
}

/**
 * Adds a member (first login asks for a new password) to namespace 1 with the role of that
 * name ("member" by default); returns the user id.
 */
export async function addMember(
  admin: APIRequestContext,
  account: string,
  password: string,
  roleName = 'member',
): Promise<number> {
  const { id } = await api<{ id: number }>(admin, 'POST', '/user/add', {
    account,
    password,
    name: account,
  });
  const roles = await api<{ list: { id: number; name: string }[] }>(
    admin,
    'GET',
    '/role/getOption',
  );
  const role = roles.list.find((r) => r.name === roleName);
  if (!role) throw new Error(`no role ${roleName}`);
  await api(admin, 'POST', '/namespace/addUser', {
    namespaceId: 1,
    userIds: [id],
    roleId: role.id,
  });
  return id;
}

/** The relative luminance (0 black … 1 white) of an element's computed background. */
export async function backgroundLuminance(page: Page, selector = 'body'): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(getComputedStyle(el).backgroundColor);
      if (!m) return -1;
      const [r, g, b] = [m[1], m[2], m[3]].map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    });
}

/**
 * Collects what the page's Content-Security-Policy refuses (the browser's console report and
 * the page's `securitypolicyviolation` events) from now on; the returned function reads them.
 */
export async function watchCspViolations(page: Page): Promise<() => string[]> {
  const seen: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|csp-violation/i.test(text)) seen.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `csp-violation ${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return () => seen;
}

/** A member's first sign-in: the first password is replaced by `own`; waits for the console. */
export async function signInFirstTime(page: Page, account: string, first: string, own: string) {
  await page.goto('/login');
  await page.getByPlaceholder('Your account').fill(account);
  await page.getByPlaceholder('Your password').fill(first);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('New password', { exact: true }).fill(own);
  await page.getByLabel('Confirm the new password').fill(own);
  await page.getByRole('button', { name: 'Set password and log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A real sshd as a server of namespace 1 (password login); returns the server id. */
export async function addSshServer(
  request: APIRequestContext,
  name: string,
  sshd: { host: string; port: number; user: string; password: string },
): Promise<number> {
  const { id } = await api<{ id: number }>(request, 'POST', '/server/add', {
    name,
    ip: sshd.host,
    port: sshd.port,
    owner: sshd.user,
    password: sshd.password,
  });
  return id;
}

/**
 * A run page's start: the dark theme at the narrowest desktop width, signed in, watching for CSP
 * violations, with two real sshd servers added under names made unique by a stamp.
 */
export async function twoServersInTheDark(
  page: Page,
  prefix: string,
  sshds: readonly { host: string; port: number; user: string; password: string }[],
) {
  await page.setViewportSize({ width: 992, height: 900 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const cspViolations = await watchCspViolations(page);
  await signIn(page);
  const stamp = Date.now().toString(36);
  const names = [`${prefix}-a-${stamp}`, `${prefix}-b-${stamp}`] as const;
  await addSshServer(page.request, names[0], sshds[0]!);
  await addSshServer(page.request, names[1], sshds[1]!);
  return { stamp, names, cspViolations };
}

/** Ticks the servers whose names hold `stamp` in a run page's server list. */
export async function pickStampedServers(page: Page, stamp: string) {
  await page.getByRole('textbox', { name: 'Filter by name or address' }).fill(stamp);
  await turnOn(page.getByRole('checkbox', { name: 'Select all shown' }));
  await expect(page.getByText('2 of ', { exact: false })).toBeVisible();
}

/**
 * A project of namespace 1 deploying branch main of `url` to `path` on `serverIds` with rsync;
 * `extra` adds or overrides fields (scripts, releases, members, notifications).
 */
export async function addGitProject(
  request: APIRequestContext,
  project: { name: string; url: string; path: string; serverIds: number[] },
  extra: Record<string, unknown> = {},
): Promise<number> {
  const { id } = await api<{ id: number }>(request, 'POST', '/project/add', {
    repoType: 'git',
    symlinkPath: '',
    environment: 3,
    branch: 'main',
    transferOption: '-rtv --exclude .git --delete-after',
    ...project,
    ...extra,
  });
  return id;
}
