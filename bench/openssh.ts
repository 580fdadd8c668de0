import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { SshdServer } from '../server/test/sshd-fleet.js';

/** OpenSSH options: the test key, no prompts, the master connection at `control`. */
export const sshArgs = (s: SshdServer, control: string) => [
  ...['-p', String(s.port), '-i', s.keys.plain.path, '-S', control],
  ...['-o', 'BatchMode=yes', '-o', 'StrictHostKeyChecking=no'],
  ...['-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR'],
  `${s.user}@${s.host}`,
];

/** Words quoted for a POSIX shell command line. */
export const quote = (words: string[]) =>
  words.map((w) => `'${w.replaceAll("'", "'\\''")}'`).join(' ');

/** A shell kept open on a server over its master connection: a command opens no new session. */
export interface RemoteShell {
  /** Runs one shell command line; answers its output (stdout and stderr) and exit status. */
  run(command: string): Promise<{ out: string; code: number }>;
  close(): void;
}

/**
 * Starts `sh` on the server and feeds it one command at a time. Each new SSH session costs the
 * server a fork, a PAM session and a shell (tens of ms each on two cores); a bench that checks
 * ten servers many times pays that once.
 */
export function openShell(s: SshdServer, control: string): RemoteShell {
  const child = spawn('ssh', [...sshArgs(s, control), 'sh'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const mark = `--end-${randomBytes(8).toString('hex')}--`;
  const done = new RegExp(`${mark} (\\d+)\\n$`);
  let buffered = '';
  let waiting: ((r: { out: string; code: number }) => void) | undefined;
  let failed: ((e: Error) => void) | undefined;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    const m = done.exec(buffered);
    if (!m || !waiting) return;
    const out = buffered.slice(0, m.index);
    buffered = '';
    waiting({ out, code: Number(m[1]) });
    waiting = undefined;
  });
  child.on('close', () => failed?.(new Error(`the shell on ${s.user}@${s.host} ended`)));
  return {
    run(command) {
      return new Promise((resolve, reject) => {
        waiting = resolve;
        failed = reject;
        child.stdin.write(`{ ${command}\n} 2>&1; echo "${mark} $?"\n`);
      });
    },
    close: () => child.stdin.end(),
  };
}
