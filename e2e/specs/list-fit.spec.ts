import { expect, test, type Page } from '@playwright/test';
import nodePath from 'node:path';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../server/test/sshd-fleet.js';
import { addMember, api, signIn, uniqueAccount } from './support';

const SHOTS = nodePath.resolve(import.meta.dirname, '../test-results/screenshots');

/**
 * No list page scrolls sideways, on a 1440×900 desktop nor on a 390×844 phone, with rows in it:
 * the document and every table (or card list) are no wider than their box. A new list page joins
 * `LIST_PAGES`, so its layout cannot regress either.
 */
interface ListPageCase {
  path: string;
  /** A text the page's rows show once loaded (the row made for this test). */
  row: (tag: string) => string;
}

/** The list pages built on the shared list scaffold. */
const LIST_PAGES: readonly ListPageCase[] = [
  { path: '/project/index', row: (tag) => `shop-${tag}-1` },
  { path: '/server/index', row: (tag) => `web-${tag}-1` },
  { path: '/member/index', row: (tag) => `dev${tag}` },
  { path: '/namespace/index', row: (tag) => `staging-${tag}` },
  { path: '/namespace/role', row: (tag) => `auditor-${tag}` },
  { path: '/log/loginLog', row: () => 'admin' },
  { path: '/log/operationLog', row: () => '/server/add' },
  { path: '/log/terminalLog', row: (tag) => `ssh-${tag}` },
];

/** List pages still to be measured: the deploy page's table view and the publish log. */
const PENDING_LIST_PAGES: readonly ListPageCase[] = [];

const VARIANTS = [
  { name: 'desktop', width: 1440, height: 900, theme: 'light', language: 'en' },
  { name: 'desktop-zh', width: 1440, height: 900, theme: 'light', language: 'zh-CN' },
  { name: 'phone', width: 390, height: 844, theme: 'light', language: 'en' },
  { name: 'phone-dark', width: 390, height: 844, theme: 'dark', language: 'en' },
] as const;

let fleet: SshdFleet;
let sshd: SshdServer;
const tag = Date.now().toString(36);

test.beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  sshd = fleet.servers[0]!;
});

test.afterAll(async () => {
  await fleet?.stopAll();
});

/** What scrolls sideways on the page now: the document, a table or a card list. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wide: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth)
      wide.push(`document ${doc.scrollWidth}>${doc.clientWidth}`);
    const boxes = document.querySelectorAll<HTMLElement>(
      'main .ant-table-content, main .ant-table-body, main .ant-table-container, main .ant-list',
    );
    for (const el of boxes) {
      if (el.scrollWidth > el.clientWidth + 1) {
        wide.push(`${el.className.split(' ')[0]} ${el.scrollWidth}>${el.clientWidth}`);
      }
    }
    return wide;
  });
}

/** Rows in every list: a few of each, with long names, addresses and texts. */
async function fillLists(page: Page) {
  const request = page.request;
  const serverIds: number[] = [];
  for (let i = 1; i <= 3; i += 1) {
    const { id } = await api<{ id: number }>(request, 'POST', '/server/add', {
      name: `web-${tag}-${i}`,
      description: 'Front web server of the shop, behind the load balancer in the second rack',
      ip: `10.20.30.${i}`,
      port: 2200 + i,
      owner: 'deploy',
      password: 'not-used-here',
      ...(i === 1
        ? {
            jumpIP: 'bastion.internal.example.com',
            jumpPort: 22,
            jumpOwner: 'jump',
            jumpPassword: 'not-used-here',
          }
        : {}),
    });
    serverIds.push(id);
  }
  for (let i = 1; i <= 3; i += 1) {
    await api(request, 'POST', '/project/add', {
      name: `shop-${tag}-${i}`,
      repoType: 'git',
      url: `https://github.com/example-organisation/a-rather-long-repository-name-${i}.git`,
      path: `/var/www/releases/shop-${tag}-${i}/current`,
      environment: i,
      branch: 'main',
      label: 'frontend,shop',
      serverIds,
    });
  }
  await addMember(request, `dev${tag}`, 'Initial123!');
  await api(request, 'POST', '/user/add', {
    account: uniqueAccount('ops'),
    password: 'Initial123!',
    name: 'Operations on call',
    contact: '13800138000',
  });
  await api(request, 'POST', '/namespace/add', { name: `staging-${tag}` });
  await api(request, 'POST', '/role/add', {
    name: `auditor-${tag}`,
    description: 'Reads every log and the servers, changes nothing; for the yearly audit',
  });
  // A refused login for the login log.
  await request.post('/user/login', { data: { account: 'admin', password: 'wrong-password' } });
}

/** A terminal session on the real sshd, for the terminal log. */
async function openTerminalSession(page: Page) {
  const { id } = await api<{ id: number }>(page.request, 'POST', '/server/add', {
    name: `ssh-${tag}`,
    ip: sshd.host,
    port: sshd.port,
    owner: sshd.user,
    password: sshd.password,
  });
  await page.goto(`/server/terminal?serverId=${id}`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.locator('.xterm').click();
  await page.keyboard.type('exit\n');
  await expect(page.getByText('The SSH session ended').first()).toBeVisible();
}

/** Waits until the page has its data: no request in flight and no list dimmed by loading. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-spin-blur')).toHaveCount(0);
}

test('no list page scrolls sideways on a desktop or a phone', async ({ page, context }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await fillLists(page);
  await openTerminalSession(page);

  for (const variant of VARIANTS) {
    await page.setViewportSize({ width: variant.width, height: variant.height });
    await page.evaluate((t) => localStorage.setItem('theme', t), variant.theme);
    await context.addCookies([
      { name: 'language', value: variant.language, url: test.info().project.use.baseURL! },
    ]);
    for (const list of [...LIST_PAGES, ...PENDING_LIST_PAGES]) {
      await page.goto(list.path);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole('main').getByText(list.row(tag)).first()).toBeVisible({
        timeout: 15_000,
      });
      await settled(page);
      const name = `fit-${list.path.slice(1).replaceAll('/', '-')}-${variant.name}.png`;
      await page.screenshot({ path: nodePath.join(SHOTS, name), fullPage: true });
      expect(await overflowing(page), `${list.path} at ${variant.name}`).toEqual([]);
    }
  }
});
