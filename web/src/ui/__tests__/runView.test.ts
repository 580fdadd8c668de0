import type { RemoteRunMessage } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import {
  applyFrames,
  asRunMessage,
  clearStopping,
  isRunning,
  markStopping,
  runProgress,
  startedView,
  startingView,
  type RunView,
} from '../run/runView';

const servers = [
  { serverId: 1, serverName: 'web-1' },
  { serverId: 2, serverName: 'web-2' },
];
const textOf = (view: RunView, i: number) =>
  view.panes[i]!.output.segments.map((s) => s.text).join('');

function started(): RunView {
  return startedView(
    startingView(servers.map((s) => ({ id: s.serverId, name: s.serverName }))),
    7,
    servers,
    0,
  );
}

describe('the run view', () => {
  it('queues every chosen server the moment Run is pressed', () => {
    const view = startingView([{ id: 3, name: 'db' }]);
    expect(view.panes.map((p) => [p.serverName, p.state])).toEqual([['db', 'queued']]);
    expect(isRunning(view)).toBe(true);
  });

  it('keeps frames that come before the answer and applies those of its run', () => {
    let view = startingView([{ id: 1, name: 'web-1' }]);
    view = applyFrames(
      view,
      [
        { runId: 7, serverId: 1, state: 'running' },
        { runId: 7, serverId: 1, output: [{ stream: 'stdout', text: 'early\n' }] },
        { runId: 8, serverId: 1, output: [{ stream: 'stdout', text: 'other run\n' }] },
      ],
      100,
    );
    view = startedView(view, 7, [{ serverId: 1, serverName: 'web-1' }], 200);
    expect(view.panes[0]!.state).toBe('running');
    expect(view.panes[0]!.startedAt).toBe(200);
    expect(textOf(view, 0)).toBe('early\n');
    expect(view.early).toEqual([]);
  });

  it('puts each server its own output, stderr apart from stdout', () => {
    const view = applyFrames(
      started(),
      [
        { runId: 7, serverId: 1, output: [{ stream: 'stdout', text: 'one\n' }] },
        {
          runId: 7,
          serverId: 2,
          output: [
            { stream: 'stdout', text: 'two\n' },
            { stream: 'stderr', text: 'bad\n' },
          ],
        },
      ],
      0,
    );
    expect(textOf(view, 0)).toBe('one\n');
    expect(view.panes[1]!.output.segments.map((s) => s.stream)).toEqual(['stdout', 'stderr']);
  });

  it('records the end of a server with its exit code, duration and error', () => {
    const end: RemoteRunMessage = {
      runId: 7,
      serverId: 2,
      state: 'failed',
      exitCode: 3,
      durationMs: 1200,
      error: 'exit status 3',
    };
    const view = applyFrames(started(), [end], 0);
    expect(view.panes[1]).toMatchObject({ state: 'failed', exitCode: 3, durationMs: 1200 });
    expect(view.panes[1]!.error).toBe('exit status 3');
    expect(runProgress(view)).toEqual({ total: 2, ended: 1, ok: 0, notOk: 1 });
  });

  it('never lets a late frame undo an end', () => {
    let view = applyFrames(started(), [{ runId: 7, serverId: 1, state: 'ok', exitCode: 0 }], 0);
    view = applyFrames(
      view,
      [
        { runId: 7, serverId: 1, state: 'running' },
        { runId: 7, serverId: 1, output: [{ stream: 'stdout', text: 'late\n' }] },
      ],
      0,
    );
    expect(view.panes[0]!.state).toBe('ok');
    expect(textOf(view, 0)).toBe('');
  });

  it('ignores frames of other runs once its own id is known', () => {
    const view = started();
    expect(applyFrames(view, [{ runId: 9, serverId: 1, state: 'failed' }], 0)).toBe(view);
  });

  it('ends with the frame of the whole run, or once every server ended', () => {
    let view = started();
    expect(isRunning(view)).toBe(true);
    view = applyFrames(view, [{ runId: 7, serverId: 0, state: 'failed' }], 0);
    expect(view.state).toBe('failed');
    expect(isRunning(view)).toBe(false);

    const ended = applyFrames(
      started(),
      [
        { runId: 7, serverId: 1, state: 'ok', exitCode: 0 },
        { runId: 7, serverId: 2, state: 'timeout', exitCode: null },
      ],
      0,
    );
    expect(ended.state).toBe('running');
    expect(isRunning(ended)).toBe(false);
  });

  it('marks a stop asked for until the server ends, and clears it when the request fails', () => {
    let view = markStopping(started(), 2);
    expect(view.panes.map((p) => p.stopping)).toEqual([false, true]);
    view = applyFrames(view, [{ runId: 7, serverId: 2, state: 'stopped' }], 0);
    expect(view.panes[1]!.stopping).toBe(false);
    const all = markStopping(started());
    expect(all.panes.every((p) => p.stopping)).toBe(true);
    expect(clearStopping(all).panes.some((p) => p.stopping)).toBe(false);
  });
});

describe('asRunMessage', () => {
  it('takes a frame with a run and a server and refuses anything else', () => {
    expect(asRunMessage({ runId: 1, serverId: 2, state: 'ok' })).toEqual({
      runId: 1,
      serverId: 2,
      state: 'ok',
    });
    expect(asRunMessage({ runId: '1', serverId: 2 })).toBeUndefined();
    expect(asRunMessage({ runId: 1, serverId: 2, output: 'text' })).toBeUndefined();
    expect(asRunMessage(null)).toBeUndefined();
  });
});
