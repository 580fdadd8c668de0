/**
 * The floor of the deploy bench: what a careful person would script by hand. A plain git clone
 * (or fetch + checkout) of the commit, then one plain `rsync` per server, all at once, with the
 * same options the console is given. Nothing of the console's code is used here.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** One server as plain ssh reaches it, and where the floor writes on it. */
export interface FloorTarget {
  host: string;
  port: number;
  user: string;
  /** A private key file the server's user accepts. */
  keyPath: string;
  /** Absolute directory on the server. */
  dest: string;
}

/** Runs a program from an argument array (no shell); rejects with its stderr unless it exits 0. */
export function runProgram(
  file: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${file} ${args.join(' ')} exited ${code}: ${stderr.trim()}`)),
    );
  });
}

/** git without the machine's user or system config, so nothing local changes what it does. */
function gitEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
  };
}

/** A first checkout: `git clone` of `url` into `dir` (which must not exist). */
export function floorClone(url: string, dir: string): Promise<void> {
  const env = gitEnv(path.dirname(dir));
  return runProgram('git', ['clone', '-q', '-b', 'main', '--', url, dir], env);
}

/** An update: fetch the origin and check out `commit`, as a deploy script would. */
export async function floorUpdate(dir: string, commit: string): Promise<void> {
  const env = gitEnv(path.dirname(dir));
  await runProgram('git', ['-C', dir, 'fetch', '-q', 'origin'], env);
  await runProgram('git', ['-C', dir, 'checkout', '-q', '-f', commit], env);
}

/**
 * `rsync <options> -e "ssh …" <source>/ user@host:<dest>/` to every target at once; resolves when
 * all have finished. Host keys are not checked: the floor pays for no known_hosts file.
 */
export async function floorRsync(
  source: string,
  targets: readonly FloorTarget[],
  options: readonly string[],
): Promise<void> {
  await Promise.all(
    targets.map((t) => {
      // SECURITY: rsync splits the -e value on spaces; the key path is a temp path of ours
      // without spaces, the port a number.
      const rsh = [
        ...['ssh', '-p', String(t.port), '-i', t.keyPath],
        ...['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null'],
        ...['-o', 'BatchMode=yes', '-o', 'LogLevel=ERROR'],
      ].join(' ');
      const args = [...options, '-e', rsh, `${source}/`, `${t.user}@${t.host}:${t.dest}/`];
      return runProgram('rsync', args);
    }),
  );
}
