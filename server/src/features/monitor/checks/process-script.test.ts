import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { processScript } from './process-check.js';

/** Runs the process check's script here as the engine does: `sh -s` in a process group of its own. */
function runHere(script: string, argv: string[]) {
  return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    const child = spawn('sh', argv, { detached: true, stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
    child.stdin.end(script);
  });
}

describe('the process check script', () => {
  it('does not find itself, its children or its process group', async () => {
    const token = `ferry-self-${randomBytes(4).toString('hex')}`;
    // The checking shell's command line and its parent's (the group leader) both hold the name.
    const self = await runHere(processScript(token), ['-s', token]);
    expect(self).toEqual({ code: 1, stdout: '' });
    const grouped = await runHere(processScript(token), ['-c', 'sh -s "$0"; exit $?', token]);
    expect(grouped).toEqual({ code: 1, stdout: '' });
  });

  it('finds another process whose command line holds the name as a fixed string', async () => {
    const token = `ferry-other-${randomBytes(4).toString('hex')}`;
    const other = spawn('sh', ['-c', 'sleep 300; true', `${token}[a]`], { stdio: 'ignore' });
    try {
      await new Promise((r) => other.once('spawn', r));
      // Until its `sleep` has replaced the forked copy of the shell, two processes hold the name.
      await vi.waitFor(
        () => {
          const children = fs.readFileSync(`/proc/${other.pid}/task/${other.pid}/children`, 'utf8');
          const child = children.trim().split(' ')[0];
          expect(child && fs.readFileSync(`/proc/${child}/comm`, 'utf8').trim()).toBe('sleep');
        },
        { timeout: 10_000, interval: 20 },
      );
      const found = await runHere(processScript(`${token}[a]`), ['-s']);
      expect(found.code).toBe(0);
      expect(found.stdout).toBe(`${other.pid} sh -c sleep 300; true ${token}[a]\n`);
      expect((await runHere(processScript(`${token}a`), ['-s'])).code).toBe(1);
    } finally {
      other.kill('SIGKILL');
    }
  });
});
