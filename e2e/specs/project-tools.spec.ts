import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import nodePath from 'node:path';
import {
  addGitProject,
  addSshServer,
  clickToFocus,
  clickUntilHidden,
  clickUntilShown,
  openFromMenu,
  pressOnce,
  shot,
  signIn,
} from './support';
import { useDeployTarget } from './deployTarget';

/**
 * A project's tools on the deploy page against a real git origin and a real sshd: a project file
 * written into the deploy, and a process whose status command runs on the project's server and
 * whose long start command is stopped. In
 * the dark theme at the narrowest desktop width, then on a phone.
 */
const target = useDeployTarget('tools', {
  files: { 'index.html': '<h1>tools</h1>\n' },
  message: 'tools page',
});

/** Opens an entry of the project's More menu; returns its drawer. */
async function openTool(page: Page, project: string, entry: string, title: string) {
  const card = page.getByRole('article', { name: project, exact: true });
  const more = card.getByRole('button', { name: `More actions for ${project}` });
  // The open one: a drawer of the same title closed before may still be sliding out.
  const drawer = page.locator('.ant-drawer.ant-drawer-open').filter({ hasText: title });
  const panel = drawer.locator('.ant-drawer-content-wrapper').first();
  await openFromMenu(page, more, entry, panel);
  await expect(panel).toHaveCSS('transform', 'none');
  return drawer;
}

test('a project file lands in the deploy; a process status runs on the project servers', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 992, height: 900 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signIn(page);
  const name = `tools-${Date.now().toString(36)}`;
  const serverName = `web-${name}`;
  const serverId = await addSshServer(page.request, serverName, target.sshd);
  await addGitProject(page.request, {
    name,
    url: target.origin.url,
    path: `${target.mountAt}/app`,
    serverIds: [serverId],
  });
  await page.goto('/deploy/index');

  // A project file, typed in the editor.
  const files = await openTool(page, name, 'Project files', `Files of ${name}`);
  await expect(files.getByText('No files yet')).toBeVisible();
  await expect(files.getByText(/before every deploy's build/)).toBeVisible();
  const editor = page.locator('.ant-drawer').filter({ hasText: 'New file' }).last();
  // Opened until its form shows: a click while the drawer still slides in can be lost.
  await clickUntilShown(
    files.getByRole('button', { name: 'New file' }),
    page.getByRole('textbox', { name: 'Path' }),
  );
  await editor.getByRole('textbox', { name: 'Path' }).fill('.env');
  await clickToFocus(editor.getByRole('textbox', { name: 'Content' }));
  await page.keyboard.type('API_KEY=from-ferry');
  // Pressed once only: a second press would add the file twice.
  await pressOnce(editor.getByRole('button', { name: 'Save' }));
  await expect(files.getByRole('row').filter({ hasText: '.env' })).toBeVisible();
  await expect(files.getByText('18 B')).toBeVisible();
  await expect(page.locator('.ant-drawer-title', { hasText: 'New file' })).toBeHidden();
  await shot(page, 'project-files-992-dark');
  // Closed until gone: left open, it would cover the card the deploy starts from.
  await clickUntilHidden(files.locator('.ant-drawer-close'));

  // A deploy writes it over the working copy, so it reaches the server.
  const card = page.getByRole('article', { name, exact: true });
  const confirm = page.getByRole('dialog', { name: `Deploy ${name}` });
  await clickUntilShown(card.getByRole('button', { name: /Deploy$/ }), confirm);
  await expect(confirm.getByText('tools page')).toBeVisible({ timeout: 20_000 });
  // Pressed once only: a second press would deploy twice.
  await pressOnce(confirm.getByRole('button', { name: /Deploy$/ }));
  const progress = page.locator('.ant-drawer').filter({ hasText: `Deploy of ${name}` });
  await expect(progress.getByText('Deployed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await clickUntilHidden(progress.locator('.ant-drawer-close'));
  const deployed = (file: string) =>
    fs.readFileSync(nodePath.join(target.sshd.mounted!, 'app', file), 'utf8');
  expect(deployed('.env')).toBe('API_KEY=from-ferry');
  expect(deployed('index.html')).toBe('<h1>tools</h1>\n');

  // A process: its status command runs on the bound server, output in its pane.
  const processes = await openTool(page, name, 'Processes', `Processes of ${name}`);
  await expect(processes.getByText('No processes yet')).toBeVisible();
  const form = page.locator('.ant-drawer').filter({ hasText: 'New process' }).last();
  await clickUntilShown(
    processes.getByRole('button', { name: 'New process' }),
    page.getByRole('textbox', { name: 'Status' }),
  );
  await form.getByRole('textbox', { name: 'Name' }).fill('web');
  await pressOnce(form.getByRole('button', { name: 'Save' }));
  // No command: the server's refusal shows under the field it names.
  await expect(form.getByText('or one of status, stop, restart is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Status' }).fill('echo "status of ${PROJECT_NAME}"');
  await form.getByRole('textbox', { name: 'Start', exact: true }).fill('echo starting; sleep 120');
  await pressOnce(form.getByRole('button', { name: 'Save' }));
  await expect(processes.getByRole('row').filter({ hasText: 'web' })).toBeVisible();
  await expect(processes.getByText('1 of 1 servers')).toBeVisible();
  await expect(processes.getByRole('button', { name: 'Restart', exact: true })).toBeDisabled();
  // Pressed once: each press runs the status command on the server again.
  await pressOnce(processes.getByRole('button', { name: 'Status', exact: true }));
  const pane = processes.getByRole('group', { name: serverName, exact: true });
  await expect(pane.getByRole('log')).toContainText(`status of ${name}`, { timeout: 30_000 });
  await expect(pane.getByText('OK', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-drawer-title', { hasText: 'New process' })).toBeHidden();
  await expect(processes.getByRole('button', { name: 'Status', exact: true })).toBeEnabled();
  await shot(page, 'project-processes-992-dark');

  // A long start command: stopped from its pane while it runs.
  await pressOnce(processes.getByRole('button', { name: 'Start', exact: true }));
  await expect(pane.getByText('Running', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(pane.getByRole('log')).toContainText('starting');
  await expect(processes.getByRole('button', { name: 'Stop all' })).toBeVisible();
  // Stopped until the pane says so: a click lost while the pane still re-renders leaves it
  // running (once stopped, the button is gone and not pressed again).
  await clickUntilShown(
    processes.getByRole('button', { name: `Stop the run on ${serverName}` }),
    pane.getByText('Stopped', { exact: true }),
    10_000,
  );
  await expect(pane.getByText('Stopped', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(processes.getByRole('button', { name: 'Start', exact: true })).toBeEnabled();
  await clickUntilHidden(processes.locator('.ant-drawer-close'));

  // On a phone the drawers take the whole screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await openTool(page, name, 'Processes', `Processes of ${name}`);
  await pressOnce(phone.getByRole('button', { name: 'Status', exact: true }));
  const phonePane = phone.getByRole('group', { name: serverName, exact: true });
  await expect(phonePane.getByText('OK', { exact: true })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'project-processes-phone');
  await clickUntilHidden(phone.locator('.ant-drawer-close'));
  const phoneFiles = await openTool(page, name, 'Project files', `Files of ${name}`);
  await expect(phoneFiles.getByText('.env', { exact: true })).toBeVisible();
  await shot(page, 'project-files-phone');
});
