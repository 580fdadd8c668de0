import { expect, request as httpRequest, test, type Locator, type Page } from '@playwright/test';
import os from 'node:os';
import nodePath from 'node:path';
import { useDeployTarget } from './deployTarget';
import { openInApp, settled, trackRequests } from './settled';
import {
  addMember,
  addSshServer,
  api,
  clickToFocus,
  openFromMenu,
  SHOTS,
  signIn,
  uniqueAccount,
} from './support';

/**
 * No list page scrolls sideways, on a 1440×900 desktop nor on a 390×844 phone, with rows in it:
 * the document and every table (or card list) are no wider than their box. A new list page joins
 * `LIST_PAGES`, so its layout cannot regress either.
 */
interface ListPageCase {
  path: string;
  /** A text the page's rows show once loaded (the row made for this test). */
  row: (tag: string) => string;
  /** The page's own view setting, in localStorage (the deploy page's cards or table). */
  stored?: { key: string; value: string };
  /** The name of its screenshot, when the path alone does not tell the view. */
  shot?: string;
}

/** The list pages built on the shared list scaffold. */
const LIST_PAGES: readonly ListPageCase[] = [
  { path: '/deploy/index', row: (tag) => `shop-${tag}-1` },
  {
    path: '/deploy/index',
    row: (tag) => `shop-${tag}-1`,
    stored: { key: 'ferry.deploy.view', value: '"table"' },
    shot: 'deploy-table',
  },
  { path: '/project/index', row: (tag) => `shop-${tag}-1` },
  { path: '/server/index', row: (tag) => `web-${tag}-1` },
  { path: '/member/index', row: (tag) => `dev${tag}` },
  { path: '/namespace/index', row: (tag) => `staging-${tag}` },
  { path: '/namespace/role', row: (tag) => `auditor-${tag}` },
  { path: '/log/loginLog', row: () => 'admin' },
  { path: '/log/operationLog', row: () => '/server/add' },
  { path: '/log/publishLog', row: (tag) => `live-${tag}` },
  { path: '/log/terminalLog', row: (tag) => `ssh-${tag}` },
  { path: '/log/sftpLog', row: (tag) => `ssh-${tag}` },
  // The one console of the suite, under its host's name.
  { path: '/system/consoles', row: () => os.hostname() },
  {
    path: '/member/notification?tab=delivery',
    row: (tag) => `Test message for shop-${tag}-1`,
    shot: 'member-notification-delivery',
  },
];

const VARIANTS = [
  { name: 'desktop', width: 1440, height: 900, theme: 'light', language: 'en' },
  { name: 'desktop-zh', width: 1440, height: 900, theme: 'light', language: 'zh-CN' },
  { name: 'phone', width: 390, height: 844, theme: 'light', language: 'en' },
  { name: 'phone-dark', width: 390, height: 844, theme: 'dark', language: 'en' },
] as const;

const tag = Date.now().toString(36);
const target = useDeployTarget('fit', {
  files: { 'index.html': '<h1>v1</h1>\n' },
  message:
    'Ship the new checkout page with the address book and the saved cards of returning customers',
});

/** What scrolls sideways on the page now: the document, a table or a card list. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wide: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth)
      wide.push(`document ${doc.scrollWidth}>${doc.clientWidth}`);
    const boxes = document.querySelectorAll<HTMLElement>(
      'main .ant-table-content, main .ant-table-body, main .ant-table-container, main .ferry-item-list',
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
  const projectIds: number[] = [];
  for (let i = 1; i <= 3; i += 1) {
    const { id } = await api<{ id: number }>(request, 'POST', '/project/add', {
      name: `shop-${tag}-${i}`,
      repoType: 'git',
      url: `https://github.com/example-organisation/a-rather-long-repository-name-${i}.git`,
      path: `/var/www/releases/shop-${tag}-${i}/current`,
      environment: i,
      branch: 'main',
      label: 'frontend,shop',
      serverIds,
    });
    projectIds.push(id);
  }
  // A message to a port nothing listens on, for the delivery log: it waits for its next try.
  await api(request, 'POST', '/notification/sendTest', {
    projectId: projectIds[0],
    notifyType: 255,
    notifyTarget: 'http://127.0.0.1:9/hooks/deploy-notifications-for-the-shop-team',
  });
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

/**
 * A terminal session on the real sshd, for the terminal log, and file-manager actions with long
 * paths on it, for the SFTP log.
 */
async function openTerminalSession(page: Page) {
  const id = await addSshServer(page.request, `ssh-${tag}`, target.sshd);
  const dir = `${target.mountAt}/releases-of-the-checkout-service-kept-for-the-yearly-audit`;
  await api(page.request, 'POST', '/server/makeDirectory', {
    serverId: id,
    dir: target.mountAt,
    name: dir.slice(target.mountAt.length + 1),
  });
  await api(page.request, 'PUT', '/server/editFile', {
    serverId: id,
    file: `${dir}/customer-address-book-migration-notes-2026-11.md`,
    content: '# Notes\n',
  });
  await page.goto(`/server/terminal?serverId=${id}`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 20_000 });
  // The keys go to the terminal once it has the focus.
  await clickToFocus(page.locator('.xterm'), page.locator('.xterm-helper-textarea'));
  await page.keyboard.type('exit\n');
  await expect(page.getByText('The SSH session ended').first()).toBeVisible();
}

/** A real deploy of a real commit to the real sshd, twice: the publish log and history fill. */
async function deployTwice(page: Page) {
  const request = page.request;
  const serverId = await addSshServer(request, `deploy-${tag}`, target.sshd);
  const { id: projectId } = await api<{ id: number }>(request, 'POST', '/project/add', {
    name: `live-${tag}`,
    repoType: 'git',
    url: target.origin.url,
    path: `${target.mountAt}/app`,
    symlinkPath: '',
    environment: 1,
    branch: 'main',
    serverIds: [serverId],
    transferOption: '-rtv --exclude .git',
  });
  for (let i = 0; i < 2; i += 1) {
    const { token } = await api<{ token: string }>(request, 'POST', '/deploy/publish', {
      projectId,
    });
    await expect
      .poll(
        async () =>
          (
            await api<{ status: string }>(request, 'GET', '/deploy/getPublishProgress', {
              lastPublishToken: token,
            })
          ).status,
        { timeout: 60_000 },
      )
      .toBe('succeeded');
  }
  return projectId;
}

/**
 * The automation of the live project, for its drawers: a schedule, a refused webhook delivery
 * (the project's secret is not known here), and a publish of a member waiting for review on a
 * project under review.
 */
async function automate(page: Page, projectId: number) {
  const request = page.request;
  await api(request, 'POST', '/project/addTask', {
    projectId,
    branch: 'main',
    commit: '',
    date: '',
    cron: '30 3 * * 1-5',
  });
  const push = await request.post(`/deploy/webhook?project_id=${projectId}`, {
    headers: { 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': `sha256=${'0'.repeat(64)}` },
    data: { ref: 'refs/heads/main', after: 'f'.repeat(40) },
  });
  expect(push.ok()).toBe(true);
  const account = uniqueAccount('asker');
  const askerId = await addMember(request, account, 'Initial123!');
  const serverId = await addSshServer(request, `gate-${tag}-server`, target.sshd);
  const { id: gated } = await api<{ id: number }>(request, 'POST', '/project/add', {
    name: `gate-${tag}`,
    repoType: 'git',
    url: target.origin.url,
    path: `${target.mountAt}/gate`,
    environment: 1,
    branch: 'main',
    review: 1,
    serverIds: [serverId],
    userIds: [askerId],
  });
  const asker = await httpRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await asker.post('/user/login', {
    data: { account, password: 'Initial123!', newPassword: 'Changed123!' },
  });
  expect(((await login.json()) as { code: number }).code).toBe(0);
  const asked = await api<{ reviewId?: number }>(asker, 'POST', '/deploy/publish', {
    projectId: gated,
  });
  expect(asked.reviewId).toBeGreaterThan(0);
  await asker.dispose();
}

/** The drawers that list a project's rows: history, schedules, reviews, webhook deliveries. */
const DRAWERS = [
  { shot: 'deploy-history', project: 'live', item: /History|发布历史/ },
  { shot: 'deploy-schedule', project: 'live', item: /Schedule|定时部署/ },
  { shot: 'deploy-reviews', project: 'gate', item: /Reviews|审核/ },
] as const;

/** A drawer's list fits its box. */
async function checkDrawer(page: Page, drawer: Locator, shot: string) {
  await expect(drawer.locator('.ant-table-row, .ferry-item-list > li').first()).toBeVisible({
    timeout: 15_000,
  });
  await settled(page);
  // The drawer slides in and fades the page: the picture shows where its motions end.
  await page.screenshot({ path: nodePath.join(SHOTS, `fit-${shot}.png`), animations: 'disabled' });
  const wide = await drawer.evaluate((box) =>
    [...box.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body, .ferry-item-list')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.className.split(' ')[0]} ${el.scrollWidth}>${el.clientWidth}`),
  );
  expect(wide, shot).toEqual([]);
}

/** Each project drawer of the deploy page, and the webhook deliveries of the project page. */
async function checkDrawers(page: Page, variant: string) {
  for (const d of DRAWERS) {
    await page.goto('/deploy/index');
    const name = `${d.project}-${tag}`;
    const card = page.getByRole('article', { name, exact: true });
    const more = card.getByRole('button', {
      name: new RegExp(`More actions for ${name}|${name} 的更多操作`),
    });
    // On a phone the card is scrolled to and the menu slides in under it.
    await openFromMenu(page, more, d.item, page.getByRole('dialog').filter({ hasText: name }));
    await checkDrawer(
      page,
      page.getByRole('dialog').filter({ hasText: name }),
      `${d.shot}-${variant}`,
    );
  }
  await page.goto('/project/index');
  const name = `live-${tag}`;
  const deliveries = page
    .locator('.ant-drawer')
    .filter({ hasText: new RegExp(`Webhook deliveries of ${name}|${name} 的 Webhook 推送记录`) });
  // The address opens a dialog whose "Delivery log" opens the drawer: either click can miss
  // while the page still loads or the dialog still zooms in.
  await openFromMenu(
    page,
    page.getByRole('button', {
      name: new RegExp(`Webhook address of ${name}|${name} 的 Webhook 地址`),
    }),
    page.getByRole('button', { name: /Delivery log|推送记录/ }),
    deliveries,
  );
  await checkDrawer(page, deliveries, `project-webhook-deliveries-${variant}`);
}

/** Opens a page of the app: by the app's router, or by loading the app again when `reload` asks. */
async function openPage(page: Page, path: string, reload: boolean) {
  if (reload) await page.goto(path);
  else await openInApp(page, path);
}

test('no list page scrolls sideways on a desktop or a phone', async ({ page, context }) => {
  test.setTimeout(300_000);
  trackRequests(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await fillLists(page);
  await openTerminalSession(page);
  await automate(page, await deployTwice(page));

  for (const variant of VARIANTS) {
    await page.setViewportSize({ width: variant.width, height: variant.height });
    await page.evaluate((t) => localStorage.setItem('theme', t), variant.theme);
    await context.addCookies([
      { name: 'language', value: variant.language, url: test.info().project.use.baseURL! },
    ]);
    for (const [index, list] of LIST_PAGES.entries()) {
      await page.evaluate((stored) => {
        localStorage.removeItem('ferry.deploy.view');
        if (stored) localStorage.setItem(stored.key, stored.value);
      }, list.stored ?? null);
      // Loaded afresh for a new theme and language, and for a page's own stored view.
      await openPage(page, list.path, index === 0 || Boolean(list.stored));
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole('main').getByText(list.row(tag)).first()).toBeVisible({
        timeout: 15_000,
      });
      await settled(page);
      const name = `fit-${list.shot ?? list.path.slice(1).replaceAll('/', '-')}-${variant.name}.png`;
      await page.screenshot({ path: nodePath.join(SHOTS, name), fullPage: true });
      expect(await overflowing(page), `${list.path} at ${variant.name}`).toEqual([]);
    }
    await checkDrawers(page, variant.name);
  }
});
