import { expect, test, type Browser } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addGitProject,
  addMember,
  addSshServer,
  api,
  clickUntilHidden,
  clickUntilShown,
  confirmWith,
  pressOnce,
  shot,
  signIn,
  signInFirstTime,
  turnOn,
  uniqueAccount,
} from './support';
import { useDeployTarget } from './deployTarget';

const FIRST_PASSWORD = 'First123!';
const OWN_PASSWORD = 'Mine1234!';

/**
 * Review and notification in real browsers: the manager edits the DingTalk deploy template (the
 * preview follows) and turns review on; a member's deploy of a newer commit waits; the manager
 * reads what it changes against the live release and approves it from there; the deploy runs on
 * a real sshd, and the local receiver standing in for DingTalk gets the message rendered from the
 * edited template.
 */
const target = useDeployTarget('review', {
  files: { 'index.html': '<h1>v1</h1>\n' },
  message: 'first page',
});
let receiver: http.Server;
const received: { url: string; body: { msgtype?: string; markdown?: { text: string } } }[] = [];

test.beforeAll(async () => {
  // DingTalk answers 200 with its own error code; 0 is success.
  receiver = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: JSON.parse(text || '{}') as never });
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
});

test.afterAll(async () => {
  receiver?.close();
});

test('edit a template, turn review on, a member deploys, a manager approves, the message arrives', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const name = `reviewed-${tag}`;
  const account = uniqueAccount('dev');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const memberId = await addMember(page.request, account, FIRST_PASSWORD, 'member');
  const serverId = await addSshServer(page.request, `web-${tag}`, target.sshd);
  const { port } = receiver.address() as AddressInfo;
  const projectId = await addGitProject(
    page.request,
    { name, url: target.origin.url, path: `${target.mountAt}/app`, serverIds: [serverId] },
    {
      userIds: [memberId],
      notifyType: 2,
      notifyTarget: `http://127.0.0.1:${port}/robot/send?access_token=e2e`,
    },
  );
  // v1 goes live before review is on; the member will ask for a newer commit.
  await api(page.request, 'POST', '/deploy/publish', { projectId });
  await expect
    .poll(
      async () =>
        (
          await api<{ list: { id: number; deployState: number }[] }>(
            page.request,
            'GET',
            '/deploy/getList',
          )
        ).list.find((p) => p.id === projectId)?.deployState,
      { timeout: 60_000 },
    )
    .toBe(2);
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
  await target.origin.commit(
    { 'index.html': '<h1>v2</h1>\n', 'about.html': '<p>about</p>\n' },
    'second page',
    { author: 'Mia' },
  );

  // The manager words the DingTalk deploy message; the preview renders it from sample data.
  await page.goto('/member/notification');
  const editor = page.getByRole('dialog', { name: 'DingTalk · Deploy' });
  // Opened until it shows: a click while the page still loads can be lost.
  await clickUntilShown(
    page.getByRole('button', { name: 'Edit the DingTalk Deploy template' }),
    editor,
  );
  await editor
    .getByLabel('Template')
    .fill(
      '{{project.name}} {{deploy.state}}, asked by {{deploy.publisher}} via {{deploy.trigger}}',
    );
  await expect(editor.getByTestId('preview-body')).toHaveText(
    'shop-api fail, asked by Alice via publish',
  );
  await shot(page, 'notification-template-preview');
  // Pressed once: its short message is what says it saved.
  await pressOnce(editor.getByRole('button', { name: 'Save' }));
  await expect(page.getByText('Template saved')).toBeVisible();
  await expect(editor).toBeHidden();

  // Review on, in the project's drawer.
  await page.goto('/project/index');
  const row = page.getByRole('row').filter({ hasText: name });
  const drawer = page.locator('.ant-drawer').filter({ hasText: `Edit ${name}` });
  await clickUntilShown(row.getByRole('button', { name: 'Edit' }), drawer);
  // The form holds the project before it is changed and saved.
  await expect(drawer.locator('#name')).toHaveValue(name);
  // Turned on until it shows on: a click while the drawer still slides in can be lost.
  await turnOn(drawer.getByRole('switch', { name: 'Review' }));
  await pressOnce(drawer.getByRole('button', { name: 'Save', exact: true }));
  await expect(drawer).toBeHidden();
  const saved = await api<{ list: { name: string; review: number }[] }>(
    page.request,
    'GET',
    '/project/getList',
  );
  expect(saved.list.find((p) => p.name === name)?.review).toBe(1);
  await page.goto('/deploy/index');
  const managerCard = page.getByRole('article', { name, exact: true });
  await expect(managerCard).toBeVisible();

  // The member's deploy waits for a reviewer.
  const member = await (await browser.newContext()).newPage();
  await member.setViewportSize({ width: 1440, height: 900 });
  await signInFirstTime(member, account, FIRST_PASSWORD, OWN_PASSWORD);
  await member.goto('/deploy/index');
  const card = member.getByRole('article', { name, exact: true });
  const confirm = member.getByRole('dialog', { name: `Deploy ${name}` });
  await clickUntilShown(card.getByRole('button', { name: /Deploy$/ }), confirm);
  await expect(confirm.getByText('second page')).toBeVisible({ timeout: 20_000 });
  // Pressed once only: a second press would ask for a second review.
  await pressOnce(confirm.getByRole('button', { name: /Deploy$/ }));
  await expect(member.getByText(`The deploy of ${name} waits for a reviewer`)).toBeVisible();
  await expect(card.getByText('Waiting for review')).toBeVisible();
  expect(received).toHaveLength(1);

  // The manager hears of it at once, with its commit and how far it is from the live one.
  const toast = page.locator('.ant-notification-notice').filter({
    hasText: `${account} asks to deploy ${name}`,
  });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await expect(toast).toContainText('second page');
  await expect(toast).toContainText('1 commit and 2 files changed since the live release.');
  await expect(managerCard.getByRole('button', { name: '1 to review' })).toBeVisible();
  const reviews = page.locator('.ant-drawer').filter({ hasText: `Reviews of ${name}` });
  await clickUntilShown(toast.getByRole('button', { name: 'Review' }), reviews);
  const waiting = reviews.getByRole('row').filter({ hasText: 'Waiting' });
  await expect(waiting).toContainText(account);
  // Settled for the picture: the toast gone, the drawer done sliding in (hovering waits for it).
  await expect(toast).toBeHidden();
  await waiting.getByRole('button', { name: 'Approve' }).hover();
  await shot(page, 'deploy-review-drawer');

  // What approving it changes: the commit asked for, the commit it brings and the files.
  const changes = page.locator('.ant-drawer').filter({ hasText: `asked by ${account}` });
  await clickUntilShown(waiting.getByRole('button', { name: 'Changes' }), changes);
  await expect(changes.getByText('Compared with the live commit')).toBeVisible({
    timeout: 20_000,
  });
  await expect(changes.getByText('second page', { exact: true }).first()).toBeVisible();
  await expect(changes.getByRole('list', { name: 'Commits it brings' })).toContainText('Mia');
  const files = changes.getByRole('list', { name: 'Changed files' }).getByRole('listitem');
  await expect(files).toHaveText(['Addedabout.html', 'Modifiedindex.html']);
  await changes.getByRole('button', { name: 'Approve' }).hover();
  await shot(page, 'deploy-review-changes');
  await shotInDark(browser, 'deploy-review-changes-dark', name, account);
  const approve = page.getByRole('dialog', { name: `Approve the deploy of ${name}?` });
  await clickUntilShown(changes.getByRole('button', { name: 'Approve' }), approve);
  await confirmWith(page, 'Approve and deploy', approve);
  await expect(changes.getByRole('button', { name: 'Approve' })).toBeHidden();
  await clickUntilHidden(changes.getByRole('button', { name: 'Close' }), changes);
  await expect(reviews.getByRole('row').filter({ hasText: 'Approved' })).toContainText('by admin');

  // The member is told, follows the deploy, and sees it succeed as theirs.
  const told = member.locator('.ant-notification-notice').filter({
    hasText: `admin approved your deploy of ${name}`,
  });
  await expect(told).toBeVisible({ timeout: 15_000 });
  await expect(member.getByText(`The deploy of ${name} waits for a reviewer`)).toBeHidden();
  const progress = member.locator('.ant-drawer').filter({ hasText: `Deploy of ${name}` });
  await clickUntilShown(told.getByRole('button', { name: 'Follow' }), progress);
  await expect(progress.getByText('Deployed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await shot(member, 'deploy-review-approved-member');

  // DingTalk's stand-in got the message in the edited words.
  await expect
    .poll(() => received.map((r) => r.body.markdown?.text ?? ''), { timeout: 30_000 })
    .toContainEqual(`${name} success, asked by ${account} via review`);
  expect(received[0]).toMatchObject({ body: { msgtype: 'markdown' } });
  expect(received[0]?.url).toContain('/robot/send?access_token=e2e');
  // Its page would go on polling for the rest of the worker's tests.
  await member.context().close();
});

/** The manager's drawer of the review's changes, opened in dark mode in a page of its own. */
async function shotInDark(browser: Browser, file: string, name: string, account: string) {
  const dark = await (await browser.newContext()).newPage();
  await dark.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await dark.setViewportSize({ width: 1440, height: 900 });
  await signIn(dark);
  await dark.goto('/deploy/index');
  const card = dark.getByRole('article', { name, exact: true });
  const reviews = dark.locator('.ant-drawer').filter({ hasText: `Reviews of ${name}` });
  await clickUntilShown(card.getByRole('button', { name: '1 to review' }), reviews);
  const changes = dark.locator('.ant-drawer').filter({ hasText: `asked by ${account}` });
  await clickUntilShown(
    reviews
      .getByRole('row')
      .filter({ hasText: 'Waiting' })
      .getByRole('button', { name: 'Changes' }),
    changes,
  );
  await expect(changes.getByRole('list', { name: 'Changed files' })).toBeVisible({
    timeout: 20_000,
  });
  await changes.getByRole('button', { name: 'Approve' }).hover();
  await shot(dark, file);
  await dark.context().close();
}
