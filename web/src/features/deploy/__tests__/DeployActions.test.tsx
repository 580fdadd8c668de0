import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { renderApp } from '../../../test/renderApp';
import { commitInfo, deployRow, HEAD_SHA } from './deployRows';
import { cardOf, findCard, findDialog, pickMenu, withDeploys } from './deploySetup';

const SHOP = deployRow(1, 'shop', {
  environment: 1,
  label: 'web',
  deployState: 2,
  lastPublishToken: 'tok-old',
  publisherId: 5,
  publisherName: 'Myself',
  updateTime: '2026-01-02 10:01:00',
  publishExt: JSON.stringify(commitInfo({ tag: 'v1.2.0' })),
  serverIds: [1, 2, 3],
});
const HEAD = commitInfo({ commit: HEAD_SHA, author: 'bob', message: 'Ship the new cart' });

/** The routes the progress drawer asks when a deploy starts. */
const DRAWER_ROUTES = {
  '/deploy/getPublishLog': [{ code: 0, data: { lines: [], truncated: false } }],
  '/deploy/getPublishTrace': [{ code: 0, data: { list: [] } }],
  '/deploy/getPublishProgress': [
    { code: 0, data: { state: 1, stage: 'queue', message: '', status: 'queued', ahead: 0 } },
  ],
};

describe('the deploy actions', () => {
  it('confirms a deploy with the branch head, publishes and opens its progress', async () => {
    const net = withDeploys({
      list: [SHOP],
      routes: {
        '/repository/getCommitList': [{ code: 0, data: { list: [HEAD, commitInfo()] } }],
        '/deploy/publish': [{ code: 0, data: { token: 'tok-new', ahead: 0 } }],
        ...DRAWER_ROUTES,
      },
    });
    renderApp('/deploy/index');
    fireEvent.click((await findCard('shop')).getByRole('button', { name: /Deploy$/ }));
    const dialog = await findDialog('Deploy shop');
    expect(await dialog.findByText(HEAD_SHA)).toBeTruthy();
    expect(dialog.getByText('Ship the new cart')).toBeTruthy();
    expect(dialog.getByText('bob')).toBeTruthy();
    expect(dialog.getByText('This project deploys to production.')).toBeTruthy();
    expect(dialog.getByText('To all of its 3 servers.')).toBeTruthy();
    expect(queryOf(net.callsTo('/repository/getCommitList')[0])).toEqual({
      id: '1',
      branch: 'origin/main',
    });
    // The origin was fetched (through the branch list) before the head was read.
    expect(net.callsTo('/repository/getBranchList')).toHaveLength(1);
    expect(net.callsTo('/deploy/publish')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(net.callsTo('/deploy/publish')).toHaveLength(1));
    expect(net.callsTo('/deploy/publish')[0]?.body).toEqual({
      projectId: 1,
      commit: '',
      branch: '',
      serverIds: [],
      customVariables: [],
    });
    expect(await screen.findByText('The deploy of shop has started')).toBeTruthy();
    expect(await findDialog('Deploy of shop')).toBeTruthy();
    await waitFor(() =>
      expect(queryOf(net.callsTo('/deploy/getPublishLog')[0])).toEqual({ token: 'tok-new' }),
    );
  });

  it('asks a review of the head it shows, says it waits for a reviewer, and opens no progress', async () => {
    const net = withDeploys({
      list: [{ ...SHOP, review: 1 }],
      routes: {
        '/repository/getCommitList': [{ code: 0, data: { list: [HEAD] } }],
        '/deploy/publish': [{ code: 0, data: { token: '', ahead: 0, reviewId: 4 } }],
        ...DRAWER_ROUTES,
      },
    });
    renderApp('/deploy/index');
    fireEvent.click((await findCard('shop')).getByRole('button', { name: /Deploy$/ }));
    const dialog = await findDialog('Deploy shop');
    expect(await dialog.findByText(HEAD_SHA)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Deploy' }));
    expect(await screen.findByText('The deploy of shop waits for a reviewer')).toBeTruthy();
    // The reviewer is asked about the commit the member saw, not whatever the branch holds later.
    expect(net.callsTo('/deploy/publish')[0]?.body).toMatchObject({ commit: HEAD_SHA, branch: '' });
    expect(screen.queryByRole('dialog', { name: 'Deploy of shop' })).toBeNull();
    expect(net.callsTo('/deploy/getPublishLog')).toHaveLength(0);
  });

  it('asks for the custom variables and sends the values chosen', async () => {
    const withVars = deployRow(3, 'api', {
      script: {
        ...SHOP.script,
        customVariables: [
          { name: 'APP_ENV', type: 'list', value: 'staging,prod' },
          { name: 'GREETING', type: 'string', value: 'hello' },
        ],
      },
    });
    const net = withDeploys({
      list: [withVars],
      routes: {
        '/repository/getCommitList': [{ code: 0, data: { list: [HEAD] } }],
        '/deploy/publish': [{ code: 0, data: { token: 'tok-v', ahead: 2 } }],
        ...DRAWER_ROUTES,
      },
    });
    renderApp('/deploy/index');
    fireEvent.click((await findCard('api')).getByRole('button', { name: /Deploy$/ }));
    const dialog = await findDialog('Deploy api');
    const greeting = dialog.getByRole('textbox', { name: 'GREETING' });
    expect((greeting as HTMLInputElement).value).toBe('hello');
    expect(dialog.getByTitle('staging')).toBeTruthy();
    fireEvent.change(greeting, { target: { value: 'hi there' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'APP_ENV' }));
    fireEvent.click(await screen.findByTitle('prod'));
    fireEvent.click(dialog.getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(net.callsTo('/deploy/publish')).toHaveLength(1));
    expect(net.callsTo('/deploy/publish')[0]?.body).toMatchObject({
      customVariables: [
        { name: 'APP_ENV', value: 'prod' },
        { name: 'GREETING', value: 'hi there' },
      ],
    });
    expect(await screen.findByText('The deploy of api is queued: 2 deploys ahead')).toBeTruthy();
  });

  it('grey-deploys the chosen servers only', async () => {
    const bound = (serverId: number, name: string) => ({
      id: serverId * 10,
      projectId: 1,
      serverId,
      server: {
        id: serverId,
        name,
        os: 'linux',
        ip: `10.0.0.${serverId}`,
        port: 22,
        owner: 'deploy',
        password: '',
        path: '',
        jumpIP: '',
        jumpPort: 0,
        jumpOwner: '',
      },
      insertTime: '2026-01-01 09:00:00',
      updateTime: '2026-01-01 09:00:00',
    });
    const net = withDeploys({
      list: [SHOP],
      routes: {
        '/project/getBindServerList': [
          { code: 0, data: { list: [bound(1, 'web-1'), bound(2, 'web-2')] } },
        ],
        '/repository/getCommitList': [{ code: 0, data: { list: [HEAD] } }],
        '/deploy/greyPublish': [{ code: 0, data: { token: 'tok-g', ahead: 0 } }],
        ...DRAWER_ROUTES,
      },
    });
    renderApp('/deploy/index');
    await findCard('shop');
    await pickMenu('shop', 'Grey deploy');
    const picker = await findDialog('Choose the servers for a grey deploy of shop');
    const next = picker.getByRole('button', { name: 'Next' });
    expect(next).toHaveProperty('disabled', true);
    fireEvent.click(await picker.findByLabelText('web-2 (10.0.0.2:22)'));
    fireEvent.click(next);
    const dialog = await findDialog('Grey deploy of shop');
    expect(dialog.getByText('Only to: web-2.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(net.callsTo('/deploy/greyPublish')).toHaveLength(1));
    expect(net.callsTo('/deploy/greyPublish')[0]?.body).toMatchObject({
      projectId: 1,
      serverIds: [2],
    });
    expect(net.callsTo('/deploy/publish')).toHaveLength(0);
  });

  it('deploys a picked commit of a picked branch, and a tag', async () => {
    const dev = commitInfo({ branch: 'origin/dev', commit: 'c'.repeat(40), message: 'Dev work' });
    const tag = commitInfo({ commit: 'd'.repeat(40), tag: 'v2.0.0', message: 'Release 2' });
    const net = withDeploys({
      list: [SHOP],
      routes: {
        '/repository/getBranchList': [{ code: 0, data: { list: ['origin/dev', 'origin/main'] } }],
        '/repository/getCommitList': (req) => ({
          code: 0,
          data: { list: req.query.get('branch') === 'origin/dev' ? [dev] : [commitInfo()] },
        }),
        '/repository/getTagList': [{ code: 0, data: { list: [tag] } }],
        '/deploy/publish': [{ code: 0, data: { token: 'tok-c', ahead: 0 } }],
        ...DRAWER_ROUTES,
      },
    });
    renderApp('/deploy/index');
    await findCard('shop');
    await pickMenu('shop', 'Deploy a commit');
    const picker = await findDialog('Deploy a commit of shop');
    // The project's own branch first, though the remote lists another one first.
    expect(await picker.findByText('Fix the checkout')).toBeTruthy();
    fireEvent.mouseDown(picker.getByRole('combobox', { name: 'Branch' }));
    fireEvent.click(await screen.findByTitle('origin/dev'));
    expect(await picker.findByText('Dev work')).toBeTruthy();
    fireEvent.click(picker.getByRole('button', { name: 'Changed files' }));
    expect(picker.getByText(/1 file changed/)).toBeTruthy();
    fireEvent.click(picker.getByRole('button', { name: /Deploy this commit/ }));
    const confirm = await findDialog('Deploy shop');
    expect(confirm.getByText('c'.repeat(40))).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(net.callsTo('/deploy/publish')).toHaveLength(1));
    expect(net.callsTo('/deploy/publish')[0]?.body).toMatchObject({
      commit: 'c'.repeat(40),
      branch: 'origin/dev',
    });
    // Only the picker read commits: the dialog did not ask for the head.
    expect(net.callsTo('/repository/getCommitList').map((c) => c.query.get('branch'))).toEqual([
      'origin/main',
      'origin/dev',
    ]);

    fireEvent.click((await findDialog('Deploy of shop')).getByRole('button', { name: 'Close' }));
    await pickMenu('shop', 'Deploy a tag');
    const tags = await findDialog('Deploy a tag of shop');
    expect(await tags.findByText('v2.0.0')).toBeTruthy();
    fireEvent.click(tags.getByRole('button', { name: /Deploy this tag/ }));
    fireEvent.click((await findDialog('Deploy shop')).getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(net.callsTo('/deploy/publish')).toHaveLength(2));
    expect(net.callsTo('/deploy/publish')[1]?.body).toMatchObject({
      commit: 'd'.repeat(40),
      branch: '',
    });
  });

  it('offers the revisions of a Subversion project and deploys the one picked', async () => {
    const legacy = deployRow(2, 'legacy', { repoType: 'svn', branch: 'master' });
    const revision = (n: number, message: string) =>
      commitInfo({ branch: 'origin/master', commit: `r${n}`, message });
    const net = withDeploys({
      list: [legacy],
      routes: {
        '/repository/getBranchList': [{ code: 0, data: { list: ['origin/master'] } }],
        '/repository/getCommitList': [
          { code: 0, data: { list: [revision(3, 'Second page'), revision(2, 'First page')] } },
        ],
        '/deploy/publish': [{ code: 0, data: { token: 'tok-r', ahead: 0 } }],
        ...DRAWER_ROUTES,
      },
    });
    renderApp('/deploy/index');
    await findCard('legacy');
    await pickMenu('legacy', 'Deploy a commit');
    const picker = await findDialog('Deploy a commit of legacy');
    const first = (await picker.findByText('First page')).closest('li')!;
    expect(first.getAttribute('aria-label')).toBe('r2');
    fireEvent.click(within(first).getByRole('button', { name: /Deploy this commit/ }));
    fireEvent.click((await findDialog('Deploy legacy')).getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(net.callsTo('/deploy/publish')).toHaveLength(1));
    expect(net.callsTo('/deploy/publish')[0]?.body).toMatchObject({
      commit: 'r2',
      branch: 'origin/master',
    });
  });

  it('resets the state, and offers to cancel a running deploy first', async () => {
    const net = withDeploys({
      list: [SHOP],
      routes: {
        '/deploy/resetState': (req) =>
          (req.body as { cancel: boolean }).cancel
            ? { code: 0 }
            : { code: 2, message: 'A deploy is running', reason: 'deploy_running' },
      },
    });
    renderApp('/deploy/index');
    await findCard('shop');
    await pickMenu('shop', 'Reset state');
    const confirm = await findDialog('Reset the deploy state of shop?');
    expect(confirm.getByText('This action will reset the deploy state, continue?')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Reset' }));
    const running = await findDialog('shop is deploying');
    expect(running.getByText('A deploy of this project is running: cancel it first')).toBeTruthy();
    expect(net.callsTo('/deploy/resetState')[0]?.body).toEqual({ projectId: 1, cancel: false });
    fireEvent.click(running.getByRole('button', { name: 'Cancel the deploy and reset' }));
    await waitFor(() => expect(net.callsTo('/deploy/resetState')).toHaveLength(2));
    expect(net.callsTo('/deploy/resetState')[1]?.body).toEqual({ projectId: 1, cancel: true });
    expect(await screen.findByText('The deploy state of shop is reset')).toBeTruthy();
  });

  it('cancels a running deploy after asking', async () => {
    const running = deployRow(1, 'shop', {
      activeToken: 'tok-run',
      activeStatus: 'running',
      deployState: 1,
    });
    const net = withDeploys({
      list: [running],
      routes: { '/deploy/cancel': [{ code: 0, data: { status: 'cancelling' } }] },
    });
    renderApp('/deploy/index');
    expect((await findCard('shop')).getByText('Deploying')).toBeTruthy();
    fireEvent.click(cardOf('shop').getByRole('button', { name: /Cancel deploy/ }));
    const confirm = await findDialog('Cancel the deploy of shop?');
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel deploy' }));
    await waitFor(() => expect(net.callsTo('/deploy/cancel')).toHaveLength(1));
    expect(net.callsTo('/deploy/cancel')[0]?.body).toEqual({ token: 'tok-run' });
    expect(await screen.findByText('The deploy of shop is being stopped')).toBeTruthy();
  });
});
