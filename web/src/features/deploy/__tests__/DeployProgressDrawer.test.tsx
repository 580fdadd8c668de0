import { HubType, TraceType } from '@ferry/contract/client';
import { act, fireEvent, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { renderApp } from '../../../test/renderApp';
import { fakeWebSocketClass, type FakeSocket } from '../../../test/fakeWebSocketClass';
import { commitInfo, deployRow, progressFrame, traceRow } from './deployRows';
import { cardOf, findCard, findDialog, withDeploys } from './deploySetup';

const ESC = '\x1b';
const PRINTED_AT = new Date(2026, 0, 2, 9, 41, 7).getTime();
const RUNNING = deployRow(1, 'shop', {
  deployState: 1,
  activeToken: 'tok-1',
  activeStatus: 'running',
  lastPublishToken: 'tok-1',
});

let sockets: FakeSocket[];
/** The layout's hub socket. */
const hub = () => {
  const s = sockets.find((x) => x.url.includes('/ws/connect'));
  if (!s) throw new Error('no hub socket');
  return s;
};
/** What the page sent on the hub, parsed. */
const sentOps = () => hub().sent.map((d) => JSON.parse(String(d)) as unknown);
/** The server sends a hub frame. */
const serverSends = (type: number, message: unknown) =>
  act(() => hub().output(JSON.stringify({ type, message })));

beforeEach(() => {
  const fake = fakeWebSocketClass();
  sockets = fake.sockets;
  vi.stubGlobal('WebSocket', fake.Socket);
});

/** The deploy page with the hub open, the shop card shown. */
async function openPage(routes: Parameters<typeof withDeploys>[0] = {}) {
  const net = withDeploys({ list: [RUNNING], ...routes });
  renderApp('/deploy/index');
  await findCard('shop');
  act(() => hub().open());
  return net;
}

const logLine = (line: string, serverId = 0, stage = 'pull') => ({ stage, serverId, line });

describe('the deploy progress drawer', () => {
  it('shows the output so far, appends live lines in colour and follows the hub token', async () => {
    const net = await openPage({
      routes: {
        '/deploy/getPublishLog': [
          {
            code: 0,
            data: {
              lines: [
                logLine('Cloning into the working copy'),
                logLine(`${ESC}[33mwarning: shallow${ESC}[0m`),
              ],
              truncated: false,
            },
          },
        ],
        '/deploy/getPublishTrace': [{ code: 0, data: { list: [] } }],
        '/deploy/getPublishProgress': [
          { code: 0, data: { state: 1, stage: 'pull', message: '', status: 'running', ahead: 0 } },
        ],
      },
    });
    fireEvent.click(cardOf('shop').getByRole('button', { name: /Progress/ }));
    const drawer = await findDialog('Deploy of shop');
    expect(await drawer.findByText('Cloning into the working copy')).toBeTruthy();
    expect(queryOf(net.callsTo('/deploy/getPublishLog')[0])).toEqual({ token: 'tok-1' });
    await waitFor(() => expect(sentOps()).toContainEqual({ op: 'subscribe', token: 'tok-1' }));

    const warning = drawer.getByText('warning: shallow');
    expect(warning.tagName).toBe('SPAN');
    expect(warning.style.color).toBe('rgb(255, 214, 102)');

    serverSends(HubType.deployLog, {
      projectId: 1,
      token: 'tok-1',
      stage: 'transfer',
      serverId: 2,
      line: `${ESC}[1;31mrsync: denied${ESC}[0m`,
      at: PRINTED_AT,
    });
    // Another deploy's line is not this drawer's.
    serverSends(HubType.deployLog, {
      projectId: 1,
      token: 'tok-2',
      stage: 'pull',
      serverId: 0,
      line: 'not mine',
    });
    serverSends(
      HubType.deployProgress,
      progressFrame(1, {
        token: 'tok-1',
        stage: 'transfer',
        servers: [
          { serverId: 1, serverName: 'web-1', state: 'success' },
          { serverId: 2, serverName: 'web-2', state: 'running' },
        ],
      }),
    );
    const denied = await drawer.findByText('rsync: denied');
    expect(denied.style.color).toBe('rgb(255, 120, 117)');
    expect(denied.style.fontWeight).toBe('700');
    expect(denied.parentElement?.textContent).toBe('[web-2] rsync: denied');
    expect(drawer.queryByText('not mine')).toBeNull();
    const log = drawer.getByRole('log', { name: 'Deploy output' });
    expect(log.textContent?.indexOf('Cloning')).toBeLessThan(
      log.textContent?.indexOf('rsync') ?? 0,
    );
    expect(drawer.getByText('3 lines')).toBeTruthy();

    // Times on: a line shows when it was printed; lines of an older log have none. Remembered.
    fireEvent.click(drawer.getByRole('checkbox', { name: 'Show times' }));
    expect(denied.parentElement?.textContent).toBe(
      `${dayjs(PRINTED_AT).format('HH:mm:ss')} [web-2] rsync: denied`,
    );
    expect(drawer.getByText('Cloning into the working copy').parentElement?.textContent).toBe(
      'Cloning into the working copy',
    );
    expect(localStorage.getItem('ferry.deploy.logTimes')).toBe('true');

    fireEvent.click(drawer.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(sentOps()).toContainEqual({ op: 'unsubscribe', token: 'tok-1' }));
  });

  it('marks the current stage, the servers and the place in the queue', async () => {
    await openPage({
      routes: {
        '/deploy/getPublishLog': [{ code: 0, data: { lines: [], truncated: false } }],
        '/deploy/getPublishTrace': [{ code: 0, data: { list: [] } }],
        '/deploy/getPublishProgress': [
          { code: 0, data: { state: 1, stage: 'queue', message: '', status: 'queued', ahead: 2 } },
        ],
      },
    });
    fireEvent.click(cardOf('shop').getByRole('button', { name: /Progress/ }));
    const drawer = await findDialog('Deploy of shop');
    expect(await drawer.findByText('2 deploys ahead')).toBeTruthy();
    // The current step's title (a running step shows its number first).
    const current = () =>
      document
        .querySelector('.ant-steps-item-process, .ant-steps-item-error')
        ?.textContent?.replace(/^\d+/, '');
    expect(current()).toBe('Queue');

    serverSends(
      HubType.deployProgress,
      progressFrame(1, {
        token: 'tok-1',
        stage: 'afterDeploy',
        servers: [
          { serverId: 1, serverName: 'web-1', state: 'success' },
          { serverId: 2, serverName: 'web-2', state: 'running' },
        ],
      }),
    );
    expect(await drawer.findByText('Stage: After-deploy script')).toBeTruthy();
    expect(current()).toBe('After-deploy script');
    expect(document.querySelectorAll('.ant-steps-item-finish')).toHaveLength(4);
    expect(drawer.getByText('web-1: done')).toBeTruthy();
    expect(drawer.getByText('web-2: running')).toBeTruthy();
    expect(drawer.getByRole('button', { name: /Cancel deploy/ })).toBeTruthy();

    serverSends(
      HubType.deployProgress,
      progressFrame(1, { token: 'tok-1', stage: 'afterDeploy', status: 'failed', state: 3 }),
    );
    await waitFor(() => expect(current()).toBe('After-deploy script'));
    expect(drawer.queryByRole('button', { name: /Cancel deploy/ })).toBeNull();
    expect(drawer.getByText('Failed at After-deploy script')).toBeTruthy();
  });

  it('reloads the trace as a running deploy enters a stage: the stage it left shows how long it took', async () => {
    const queued = traceRow(1, TraceType.queue, { insertTime: '2026-01-02 10:00:00' });
    const pulled = traceRow(2, TraceType.pull, {
      insertTime: '2026-01-02 10:00:07',
      ext: JSON.stringify(commitInfo()),
    });
    const net = await openPage({
      routes: {
        '/deploy/getPublishLog': [{ code: 0, data: { lines: [], truncated: false } }],
        '/deploy/getPublishTrace': [
          { code: 0, data: { list: [queued] } },
          { code: 0, data: { list: [queued] } },
          { code: 0, data: { list: [queued, pulled] } },
        ],
      },
    });
    fireEvent.click(cardOf('shop').getByRole('button', { name: /Progress/ }));
    const drawer = await findDialog('Deploy of shop');
    serverSends(HubType.deployProgress, progressFrame(1, { token: 'tok-1', stage: 'pull' }));
    expect(await drawer.findByText('Stage: Pull')).toBeTruthy();
    // Opened in the queue: read when the drawer opened, and again as the queue was left.
    await waitFor(() => expect(net.callsTo('/deploy/getPublishTrace')).toHaveLength(2));

    serverSends(HubType.deployProgress, progressFrame(1, { token: 'tok-1', stage: 'afterPull' }));
    expect(await drawer.findByText('Stage: After-pull script')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/deploy/getPublishTrace')).toHaveLength(3));
    const pull = () =>
      [...document.querySelectorAll('.ant-steps-item-finish')].find((el) =>
        el.textContent?.startsWith('Pull'),
      );
    await waitFor(() => expect(pull()?.textContent).toBe('Pull7s'));
  });

  it('shows a finished deploy’s outcome and its trace per stage and server', async () => {
    const failed = deployRow(1, 'shop', { deployState: 3, lastPublishToken: 'tok-f' });
    const trace = [
      traceRow(1, TraceType.queue, {
        token: 'tok-f',
        ext: '{"afterPull":{"mode":"bash","content":"npm ci"}}',
      }),
      traceRow(2, TraceType.pull, { token: 'tok-f', ext: JSON.stringify(commitInfo()) }),
      traceRow(3, TraceType.afterPull, {
        token: 'tok-f',
        ext: '{"script":"npm ci && npm run build"}',
      }),
      traceRow(4, TraceType.transfer, {
        token: 'tok-f',
        serverId: 1,
        ext: '{"serverId":1,"serverName":"web-1","command":"rsync -rtv ./ deploy@10.0.0.1:/var/www/shop"}',
      }),
      traceRow(5, TraceType.transfer, {
        token: 'tok-f',
        serverId: 2,
        state: 0,
        detail: 'rsync: connection refused (111)',
        ext: '{"serverId":2,"serverName":"web-2","command":"rsync -rtv ./ deploy@10.0.0.2:/var/www/shop"}',
      }),
    ];
    const net = withDeploys({
      list: [failed],
      routes: {
        '/deploy/getPublishLog': [{ code: 0, data: { lines: [logLine('done')], truncated: true } }],
        '/deploy/getPublishTrace': [{ code: 0, data: { list: trace } }],
        '/deploy/getPublishProgress': [
          {
            code: 0,
            data: { state: 0, stage: 'transfer', message: '', status: 'failed', ahead: 0 },
          },
        ],
        '/deploy/getPublishTraceDetail': [
          {
            code: 0,
            data: { detail: `sending incremental file list\n${ESC}[31mrsync error${ESC}[0m` },
          },
        ],
      },
    });
    renderApp('/deploy/index');
    fireEvent.click((await findCard('shop')).getByRole('button', { name: /Last deploy/ }));
    const drawer = await findDialog('Deploy of shop');
    expect(await drawer.findByText('Failed at Transfer on web-2')).toBeTruthy();
    expect(drawer.getAllByText('rsync: connection refused (111)').length).toBeGreaterThan(0);
    expect(drawer.getByText('web-1: done')).toBeTruthy();
    expect(drawer.getByText('web-2: failed')).toBeTruthy();
    expect(drawer.getByText('… earlier lines are not shown')).toBeTruthy();

    fireEvent.click(drawer.getByRole('tab', { name: 'Trace' }));
    expect(await drawer.findByText('Transfer · web-1')).toBeTruthy();
    expect(drawer.getByText('Transfer · web-2')).toBeTruthy();
    expect(drawer.getByText('Pull', { selector: 'strong' })).toBeTruthy();
    fireEvent.click(drawer.getByText('Transfer · web-2'));
    expect(await drawer.findByText('rsync -rtv ./ deploy@10.0.0.2:/var/www/shop')).toBeTruthy();
    expect(net.callsTo('/deploy/getPublishTraceDetail')).toHaveLength(0);
    fireEvent.click(drawer.getByRole('button', { name: 'Show the output' }));
    expect(await drawer.findByText('rsync error')).toBeTruthy();
    expect(queryOf(net.callsTo('/deploy/getPublishTraceDetail')[0])).toEqual({ id: '5' });
    fireEvent.click(drawer.getByText('Pull', { selector: 'strong' }));
    expect(await drawer.findByText('alice')).toBeTruthy();
  });
});
