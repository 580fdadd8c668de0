import { TraceType } from '@ferry/contract/client';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ansiSegments } from '../utils/ansi';
import { cardLive } from '../utils/cardState';
import { branchName, commitInfoOf, NO_COMMIT, shortCommit } from '../utils/commitInfo';
import { filterDeploys, isFiltered, labelsOf, NO_FILTER } from '../utils/filterDeploys';
import { lastLines, logOverlap, mergeLog } from '../utils/logLines';
import { logView, viewLines } from '../utils/logView';
import { previewQuery } from '../utils/previewQuery';
import { progressView } from '../utils/progressView';
import { formatDuration, stageDurations } from '../utils/stageTimes';
import { initialVariableValues, variablesToSend } from '../utils/variables';
import { commitInfo, deployRow, progressFrame, SHA, traceRow } from './deployRows';

const ESC = '\x1b';

describe('ansiSegments', () => {
  it('keeps plain text as one unstyled run', () => {
    expect(ansiSegments('npm ci')).toEqual([{ text: 'npm ci', bold: false }]);
  });

  it('colours normal and bright foregrounds, bold, and resets', () => {
    expect(
      ansiSegments(`${ESC}[31mred${ESC}[0m plain ${ESC}[1;92mok${ESC}[22m!${ESC}[39m.`),
    ).toEqual([
      { text: 'red', color: 1, bold: false },
      { text: ' plain ', bold: false },
      { text: 'ok', color: 10, bold: true },
      { text: '!', color: 10, bold: false },
      { text: '.', bold: false },
    ]);
    // An empty SGR is a reset too.
    expect(ansiSegments(`${ESC}[33mwarn${ESC}[m done`)).toEqual([
      { text: 'warn', color: 3, bold: false },
      { text: ' done', bold: false },
    ]);
  });

  it('drops other escape sequences and control bytes, and skips 256-colour arguments', () => {
    expect(ansiSegments(`${ESC}[2K${ESC}[?25lA${ESC}]0;title\x07B\x07C`)).toEqual([
      { text: 'ABC', bold: false },
    ]);
    // 38;5;196 is a 256-colour red: not one of ours, and its 5 is not "blink", its 196 no colour.
    expect(ansiSegments(`${ESC}[38;5;196;1mX`)).toEqual([{ text: 'X', bold: true }]);
  });

  it('shows what a terminal leaves of a line rewritten with carriage returns', () => {
    expect(ansiSegments('Receiving objects:  10%\rReceiving objects: 100%\r')).toEqual([
      { text: 'Receiving objects: 100%', bold: false },
    ]);
  });
});

describe('commit info', () => {
  it('reads publishExt text and frame objects, blank for anything unreadable', () => {
    const info = commitInfo({ tag: 'v1.2.0' });
    expect(commitInfoOf(JSON.stringify(info))).toEqual(info);
    expect(commitInfoOf(info)).toEqual(info);
    expect(commitInfoOf('{}')).toEqual(NO_COMMIT);
    expect(commitInfoOf('not json')).toEqual(NO_COMMIT);
    expect(commitInfoOf('[1,2]')).toEqual(NO_COMMIT);
    expect(commitInfoOf('{"commit": 42, "message": "m"}')).toEqual({ ...NO_COMMIT, message: 'm' });
  });

  it('shortens git hashes, keeps svn revisions, drops the remote from branches', () => {
    expect(shortCommit(SHA)).toBe('a1b2c3d');
    expect(shortCommit('r1234')).toBe('r1234');
    expect(branchName('origin/release/2.0')).toBe('release/2.0');
  });
});

describe('cardLive', () => {
  const row = deployRow(1, 'shop', {
    deployState: 2,
    lastPublishToken: 'tok-old',
    publishExt: JSON.stringify(commitInfo()),
  });

  it('stands on the list while no frame came', () => {
    expect(cardLive(row, [])).toEqual({
      state: { kind: 'success' },
      activeToken: '',
      shownToken: 'tok-old',
      commit: commitInfo(),
    });
    expect(cardLive(deployRow(2, 'a'), []).state).toEqual({ kind: 'none' });
    expect(cardLive(deployRow(2, 'a', { deployState: 3 }), []).state).toEqual({ kind: 'fail' });
    const running = deployRow(2, 'a', { activeStatus: 'running', activeToken: 't', queued: 2 });
    expect(cardLive(running, [])).toMatchObject({
      state: { kind: 'deploying', waiting: 2 },
      activeToken: 't',
      shownToken: 't',
    });
    const queued = deployRow(2, 'a', { activeStatus: 'queued', activeToken: 'q' });
    expect(cardLive(queued, []).state).toEqual({ kind: 'queued', ahead: 0 });
  });

  it('keeps the stage of the running deploy from frames received before the list reloaded', () => {
    const running = deployRow(2, 'a', { activeStatus: 'running', activeToken: 't', queued: 0 });
    const earlier = [
      progressFrame(2, { token: 'old', stage: 'transfer' }),
      progressFrame(2, { token: 't', stage: 'pull' }),
      progressFrame(2, { token: 't', stage: 'afterPull' }),
    ];
    expect(cardLive(running, [], earlier).state).toEqual({
      kind: 'deploying',
      stage: 'afterPull',
      waiting: 0,
    });
    // Frames of another deploy name no stage of this one.
    expect(cardLive(running, [], earlier.slice(0, 1)).state).toEqual({
      kind: 'deploying',
      waiting: 0,
    });
  });

  it('follows the frames: queued with its place, then the stage, then the outcome', () => {
    const queued = progressFrame(1, {
      token: 't2',
      status: 'queued',
      stage: 'queue',
      state: 0,
      ahead: 1,
    });
    expect(cardLive(row, [queued])).toMatchObject({
      state: { kind: 'queued', ahead: 1 },
      activeToken: 't2',
    });
    const running = progressFrame(1, { token: 't2', stage: 'transfer' });
    expect(cardLive(row, [queued, running]).state).toEqual({
      kind: 'deploying',
      stage: 'transfer',
      waiting: 0,
    });
    const next = commitInfo({ commit: 'b'.repeat(40), message: 'Next' });
    const done = progressFrame(1, {
      token: 't2',
      stage: 'finish',
      status: 'succeeded',
      state: 2,
      ext: next,
    });
    expect(cardLive(row, [queued, running, done])).toEqual({
      state: { kind: 'success' },
      activeToken: '',
      shownToken: 't2',
      commit: next,
    });
    const cancelled = progressFrame(1, { token: 't3', status: 'cancelled', state: 3 });
    expect(cardLive(row, [cancelled]).state).toEqual({ kind: 'cancelled' });
    const failed = progressFrame(1, { token: 't3', status: 'failed', state: 3 });
    expect(cardLive(row, [failed]).state).toEqual({ kind: 'fail' });
  });

  it('shows a running deploy with those queued behind it', () => {
    const running = progressFrame(1, { token: 'a', stage: 'afterPull' });
    const behind = progressFrame(1, { token: 'b', status: 'queued', stage: 'queue', ahead: 1 });
    expect(cardLive(row, [running, behind])).toMatchObject({
      state: { kind: 'deploying', stage: 'afterPull', waiting: 1 },
      activeToken: 'a',
    });
  });
});

describe('filterDeploys', () => {
  const list = [
    deployRow(1, 'Shop', { label: 'web,api', environment: 1 }),
    deployRow(2, 'shop-admin', { label: 'web', environment: 3 }),
    deployRow(3, 'billing', { label: 'api', environment: 1 }),
  ];
  const names = (filter = NO_FILTER, pinned: number[] = []) =>
    filterDeploys(list, filter, pinned).map((p) => p.name);

  it('filters by name, labels and environment', () => {
    expect(names()).toEqual(['Shop', 'shop-admin', 'billing']);
    expect(names({ name: ' SHOP ', labels: [] })).toEqual(['Shop', 'shop-admin']);
    expect(names({ name: '', labels: ['api'] })).toEqual(['Shop', 'billing']);
    expect(names({ name: '', labels: ['web', 'api'] })).toEqual(['Shop']);
    expect(names({ name: '', labels: [], environment: 1 })).toEqual(['Shop', 'billing']);
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(isFiltered({ name: '', labels: [], environment: 3 })).toBe(true);
    expect(labelsOf(list)).toEqual(['api', 'web']);
  });

  it('puts pinned projects first, keeping the order within each group', () => {
    expect(names(NO_FILTER, [3])).toEqual(['billing', 'Shop', 'shop-admin']);
    expect(names(NO_FILTER, [3, 2])).toEqual(['shop-admin', 'billing', 'Shop']);
    expect(names({ name: 'shop', labels: [] }, [3])).toEqual(['Shop', 'shop-admin']);
  });
});

describe('log lines', () => {
  const line = (text: string, serverId = 0) => ({ stage: 'pull', serverId, line: text });

  it('keeps lines that arrived while the log was read only once', () => {
    const loaded = [line('a'), line('b'), line('c')];
    expect(mergeLog(loaded, [line('b'), line('c'), line('d')])).toEqual([
      line('a'),
      line('b'),
      line('c'),
      line('d'),
    ]);
    expect(mergeLog(loaded, [line('d')])).toHaveLength(4);
    // The same text from another server is another line.
    expect(mergeLog(loaded, [line('c', 2)])).toHaveLength(4);
    expect(mergeLog([], [line('x')])).toEqual([line('x')]);
  });

  it('keeps the last lines and counts the dropped ones', () => {
    expect(lastLines([1, 2, 3, 4, 5], 3)).toEqual({ lines: [3, 4, 5], dropped: 2 });
    expect(lastLines([1, 2], 3)).toEqual({ lines: [1, 2], dropped: 0 });
  });
});

describe('custom variables', () => {
  const vars = [
    { name: 'APP_ENV', type: 'list' as const, value: ' staging, prod ,' },
    { name: 'GREETING', type: 'string' as const, value: 'hello' },
  ];

  it('starts a list at its first option and a string at its default', () => {
    expect(initialVariableValues(vars)).toEqual({ APP_ENV: 'staging', GREETING: 'hello' });
    expect(variablesToSend(vars, { APP_ENV: 'prod', GREETING: undefined })).toEqual([
      { name: 'APP_ENV', value: 'prod' },
      { name: 'GREETING', value: '' },
    ]);
  });
});

describe('progressView', () => {
  it('reads a finished deploy from its trace: outcome, failed stage and servers', () => {
    const trace = [
      traceRow(1, TraceType.queue),
      traceRow(2, TraceType.pull),
      traceRow(3, TraceType.transfer, {
        ext: '{"serverId":1,"serverName":"web-1","command":"rsync"}',
      }),
      traceRow(4, TraceType.transfer, {
        state: 0,
        detail: 'rsync: connection refused',
        ext: '{"serverId":2,"serverName":"web-2","command":"rsync"}',
      }),
    ];
    expect(progressView({ trace })).toEqual({
      status: 'failed',
      stage: 'transfer',
      stageSince: 0,
      ahead: 0,
      failedStage: 'transfer',
      servers: [
        { serverId: 1, serverName: 'web-1', state: 'success' },
        { serverId: 2, serverName: 'web-2', state: 'fail' },
      ],
    });
    const done = [...trace.slice(0, 3), traceRow(9, TraceType.publishFinish)];
    expect(progressView({ trace: done })).toMatchObject({ status: 'succeeded', stage: 'finish' });
  });

  it('prefers the live frame over the polled progress and the trace', () => {
    const frame = progressFrame(1, {
      stage: 'afterDeploy',
      servers: [{ serverId: 1, serverName: 'web-1', state: 'running' }],
    });
    const polled = { status: 'queued' as const, stage: 'queue', ahead: 2 };
    expect(progressView({ frame, polled, trace: [] })).toMatchObject({
      status: 'running',
      stage: 'afterDeploy',
      servers: [{ serverName: 'web-1', state: 'running' }],
    });
    expect(progressView({ polled, trace: [] })).toMatchObject({ status: 'queued', ahead: 2 });
    expect(progressView({ known: 'cancelled', trace: [] }).status).toBe('cancelled');
  });

  it('takes the running stage and its start from the poll while no frame has come', () => {
    // goploy's `stage` is a display name; the trace still ends at pull while the build runs.
    const polled = {
      status: 'running' as const,
      stage: 'After Pull',
      stageKey: 'afterPull',
      stageSince: 1_000,
      ahead: 0,
    };
    const trace = [traceRow(1, TraceType.queue), traceRow(2, TraceType.pull)];
    expect(progressView({ polled, trace })).toMatchObject({
      stage: 'afterPull',
      stageSince: 1_000,
    });
    const frame = progressFrame(1, { stage: 'transfer', stageSince: 2_000 });
    expect(progressView({ frame, polled, trace })).toMatchObject({
      stage: 'transfer',
      stageSince: 2_000,
    });
  });
});

describe('logView', () => {
  const line = (text: string) => ({ stage: 'pull', serverId: 0, line: text });
  it('reads loaded then live lines by index, their overlap once, the last ones only', () => {
    const loaded = ['a', 'b', 'c'].map(line);
    const live = { lines: ['b', 'c', 'd', 'e'].map(line), dropped: 0 };
    const skip = logOverlap(loaded, live.lines);
    expect(skip).toBe(2);
    expect(viewLines(logView(loaded, live, skip)).map((l) => l.line)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
    const capped = logView(loaded, live, skip, 3);
    expect([capped.count, capped.dropped]).toEqual([3, 2]);
    expect(viewLines(capped).map((l) => l.line)).toEqual(['c', 'd', 'e']);
    // Live lines let go of at the front: the view still ends with the newest.
    const trimmed = logView(loaded, { lines: ['x', 'y'].map(line), dropped: 5 }, 0, 2);
    expect(viewLines(trimmed).map((l) => l.line)).toEqual(['x', 'y']);
  });
});

describe('stageDurations', () => {
  it('gives each finished stage the time since the stage before it ended', () => {
    const trace = [
      traceRow(1, TraceType.queue, { insertTime: '2026-01-02 10:00:00' }),
      traceRow(2, TraceType.pull, { insertTime: '2026-01-02 10:00:03' }),
      traceRow(3, TraceType.afterPull, { insertTime: '2026-01-02 10:01:10' }),
      traceRow(4, TraceType.transfer, { insertTime: '2026-01-02 10:01:12' }),
      traceRow(5, TraceType.transfer, { insertTime: '2026-01-02 10:01:15' }),
    ];
    expect(stageDurations(trace)).toEqual({ pull: 3_000, afterPull: 67_000, transfer: 5_000 });
    expect([formatDuration(3_000), formatDuration(67_000), formatDuration(3_725_000)]).toEqual([
      '3s',
      '1m 07s',
      '1h 02m',
    ]);
  });
});

describe('previewQuery', () => {
  it('sends goploy’s filters, date ranges from the first day’s start to the last one’s end', () => {
    const q = previewQuery(
      4,
      {
        userId: 7,
        state: 0,
        branch: ' main ',
        commit: '',
        filename: 'app.ts',
        deployDate: [dayjs('2026-01-02 15:00'), dayjs('2026-01-05 08:00')],
      },
      { page: 2, rows: 10 },
    );
    expect(q).toEqual({
      projectId: 4,
      userId: 7,
      state: 0,
      branch: 'main',
      commit: '',
      filename: 'app.ts',
      commitDate: '',
      deployDate: '2026-01-02 00:00:00,2026-01-05 23:59:59',
      page: 2,
      rows: 10,
    });
  });
});
