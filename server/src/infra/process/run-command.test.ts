import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, signalEach } from '../../../test/linux-processes.js';
import { runCommand } from './run-command.js';

/** Pids the tests started in the background, killed afterwards should a test fail midway. */
const strays: number[] = [];
afterEach(() => signalEach(strays.splice(0), 'SIGKILL'));

/**
 * Runs `script` with `sh -c`; the script prints the pid of a background child on its first line.
 * Resolves that pid (as soon as it is printed) and the run's result.
 */
function runWithChild(script: string, opts: { timeoutMs: number; signal?: AbortSignal }) {
  let seen = '';
  let gotPid: (pid: number) => void = () => undefined;
  const childPid = new Promise<number>((resolve) => (gotPid = resolve));
  const result = runCommand('sh', ['-c', script], {
    ...opts,
    onOutput: (chunk, stream) => {
      if (stream !== 'stdout') return;
      seen += chunk;
      const line = /^(\d+)\n/.exec(seen);
      if (line) {
        strays.push(Number(line[1]));
        gotPid(Number(line[1]));
      }
    },
  });
  return { childPid, result };
}

describe('runCommand', () => {
  it('passes arguments to the program without a shell reading them', async () => {
    const hostile = ['$(id)', '`id`', '*', 'a; echo pwned', "it's", '-n', ''];
    const result = await runCommand('printf', ['%s\\n', ...hostile], { timeoutMs: 5000 });
    expect(result.stdout).toBe(hostile.map((h) => `${h}\n`).join(''));
    expect(result).toMatchObject({ code: 0, signal: null, timedOut: false, aborted: false });
  });

  it('resolves a failing program with its exit status and both streams', async () => {
    const result = await runCommand('sh', ['-c', 'echo out; echo err >&2; exit 3'], {
      timeoutMs: 5000,
    });
    expect(result).toMatchObject({ code: 3, stdout: 'out\n', stderr: 'err\n', timedOut: false });
  });

  it('feeds stdin, and gives an empty stdin when there is none', async () => {
    const fed = await runCommand('cat', [], { timeoutMs: 5000, stdin: 'hello\nworld' });
    expect(fed.stdout).toBe('hello\nworld');
    const empty = await runCommand('cat', [], { timeoutMs: 5000 });
    expect(empty).toMatchObject({ code: 0, stdout: '' });
  });

  it('uses exactly the environment and directory given', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-run-'));
    try {
      const result = await runCommand('sh', ['-c', 'echo "$FOO|$HOME|$(pwd)"'], {
        timeoutMs: 5000,
        cwd: dir,
        env: { PATH: process.env.PATH, FOO: 'bar' },
      });
      expect(result.stdout).toBe(`bar||${fs.realpathSync(dir)}\n`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps only the tail of a long output', async () => {
    const result = await runCommand('sh', ['-c', 'printf "%0100d" 0; printf abcdefghij'], {
      timeoutMs: 5000,
      keepBytes: 10,
    });
    expect(result.stdout).toBe('abcdefghij');
  });

  it('streams every chunk to onOutput with its stream name', async () => {
    const seen: string[] = [];
    await runCommand('sh', ['-c', 'printf "é1"; printf e2 >&2; printf 3'], {
      timeoutMs: 5000,
      onOutput: (chunk, stream) => seen.push(`${stream}:${chunk}`),
    });
    const joined = (name: string) =>
      seen
        .filter((s) => s.startsWith(`${name}:`))
        .map((s) => s.slice(name.length + 1))
        .join('');
    expect(joined('stdout')).toBe('é13');
    expect(joined('stderr')).toBe('e2');
  });

  it('kills the whole process group on timeout, grandchildren included', async () => {
    const { childPid, result } = runWithChild('sleep 30 & echo $!; wait', { timeoutMs: 300 });
    const pid = await childPid;
    const done = await result;
    expect(done.timedOut).toBe(true);
    expect(done.durationMs).toBeLessThan(2000);
    await expect.poll(() => isAlive(pid), { timeout: 2000 }).toBe(false);
  });

  it('sends SIGKILL when the group ignores SIGTERM', async () => {
    const script = 'trap "" TERM; sleep 30 & echo $!; wait; wait';
    const { childPid, result } = runWithChild(script, { timeoutMs: 200 });
    const pid = await childPid;
    const done = await result;
    expect(done.timedOut).toBe(true);
    expect(done.durationMs).toBeGreaterThanOrEqual(2000);
    expect(done.signal).toBe('SIGKILL');
    await expect.poll(() => isAlive(pid), { timeout: 2000 }).toBe(false);
  });

  it('ends even when a process that left the group keeps the output open', async () => {
    const { childPid, result } = runWithChild('setsid sleep 30 & echo $!', { timeoutMs: 200 });
    const pid = await childPid;
    const done = await result;
    expect(done).toMatchObject({ timedOut: true, code: 0 });
    expect(done.durationMs).toBeLessThan(6000);
    expect(isAlive(pid)).toBe(true); // out of reach of the group kill: only the caller can end it
  }, 10_000);

  it('stops the program and its children on abort', async () => {
    const controller = new AbortController();
    const { childPid, result } = runWithChild('sleep 30 & echo $!; wait', {
      timeoutMs: 30_000,
      signal: controller.signal,
    });
    const pid = await childPid;
    controller.abort();
    const done = await result;
    expect(done).toMatchObject({ aborted: true, timedOut: false });
    await expect.poll(() => isAlive(pid), { timeout: 2000 }).toBe(false);
  });

  it('does not start the program when the signal is already aborted', async () => {
    const marker = path.join(os.tmpdir(), `ferry-run-${process.pid}-${Date.now()}`);
    const result = await runCommand('touch', [marker], {
      timeoutMs: 5000,
      signal: AbortSignal.abort(),
    });
    expect(result).toMatchObject({ aborted: true, code: null });
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('rejects with a clear error when the program does not exist', async () => {
    await expect(runCommand('ferry-no-such-program', [], { timeoutMs: 5000 })).rejects.toThrow(
      'Cannot run ferry-no-such-program: program not found',
    );
  });
});
