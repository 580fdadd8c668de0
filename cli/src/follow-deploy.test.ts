import type { HubFrame } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import { followDeploy, formatLogLine } from './follow-deploy.js';
import { ConsoleClient } from './http-client.js';
import type { OpenHub } from './hub.js';
import { Output } from './output.js';

const line = (n: number) => ({ stage: 'afterPull', serverId: 0, line: `line ${n}`, at: 1000 + n });
const logFrame = (n: number) => ({ type: 11, message: { projectId: 1, token: 'tk', ...line(n) } });
const endFrame = { type: 1, message: { projectId: 1, token: 'tk', status: 'succeeded' } };

/**
 * A console whose log answers are `logs` in turn (the last one repeated), whose progress says
 * running, and a hub that sends `early` as soon as the subscription arrives (before the log so
 * far is read) and `later` once it was read.
 */
function fakeConsole(opts: { logs: number[][]; early: HubFrame[]; later: HubFrame[] }) {
  let logReads = 0;
  let send: (f: HubFrame) => void = () => undefined;
  const fetchImpl: typeof fetch = (url) => {
    const path = new URL(url).pathname;
    let data: unknown = { state: 1, status: 'running' };
    if (path === '/deploy/getPublishLog') {
      const lines = opts.logs[Math.min(logReads, opts.logs.length - 1)]!;
      if (logReads++ === 0) queueMicrotask(() => opts.later.forEach((f) => send(f)));
      data = { lines: lines.map(line), truncated: false, pruned: false };
    }
    return Promise.resolve(new Response(JSON.stringify({ code: 0, message: '', data })));
  };
  const openHub: OpenHub = (_c, onFrame) => {
    send = onFrame;
    return Promise.resolve({
      send: () => opts.early.forEach((f) => onFrame(f)),
      close: () => undefined,
      closed: new Promise(() => undefined),
    });
  };
  const client = new ConsoleClient({ url: 'http://c', apiKey: 'k', namespaceId: 1 }, fetchImpl);
  const written = { stdout: '', stderr: '' };
  const out = new Output(
    {
      stdout: { write: (s: string) => (written.stdout += s) },
      stderr: { write: (s: string) => (written.stderr += s) },
    },
    false,
  );
  return { client, openHub, out, written };
}

describe('followDeploy', () => {
  it('prints every line once: the log so far, live lines it lacked, then the rest at the end', async () => {
    const c = fakeConsole({
      // Lines 1-2 were printed before ferry subscribed; 3 came live before the log was read
      // (and is in it); 4 came live after; 5 only shows in the log read at the end.
      logs: [
        [1, 2, 3],
        [1, 2, 3, 4, 5],
      ],
      early: [logFrame(3)],
      later: [logFrame(4), endFrame],
    });
    const result = await followDeploy({
      ...c,
      token: 'tk',
      timeoutMs: 5000,
      serverNames: new Map(),
    });
    expect(result.status).toBe('succeeded');
    expect(c.written.stdout).toBe([1, 2, 3, 4, 5].map((n) => `[afterPull] line ${n}\n`).join(''));
  });

  it('gives up with exit code 3 when the deploy does not end in time', async () => {
    const c = fakeConsole({ logs: [[1]], early: [], later: [] });
    const failure = await followDeploy({ ...c, token: 'tk', timeoutMs: 50, serverNames: new Map() })
      .then(() => undefined)
      .catch((err: { exitCode: number; message: string }) => err);
    expect(failure).toMatchObject({ exitCode: 3 });
    expect(failure?.message).toMatch(/did not end within 50ms; it goes on in the console/);
  });
});

describe('formatLogLine', () => {
  const out = new Output({ stdout: { write: () => true }, stderr: { write: () => true } }, false);
  const names = new Map([[4, 'web-1']]);

  it("prefixes the stage and the server's name, or its id when the name is unknown", () => {
    expect(formatLogLine(out, { stage: 'afterDeploy', serverId: 4, line: 'ok' }, names)).toBe(
      '[afterDeploy web-1] ok',
    );
    expect(formatLogLine(out, { stage: 'transfer', serverId: 9, line: 'ok' }, names)).toBe(
      '[transfer server 9] ok',
    );
    expect(formatLogLine(out, { stage: 'pull', serverId: 0, line: '$ git fetch' }, names)).toBe(
      '[pull] $ git fetch',
    );
  });

  it('prefixes every line of a line holding several', () => {
    expect(formatLogLine(out, { stage: 'transfer', serverId: 4, line: 'a\nb\n' }, names)).toBe(
      '[transfer web-1] a\n[transfer web-1] b',
    );
  });
});
