import { spawn, spawnSync } from 'node:child_process';

/** Runs a program with an argument array; resolves its stdout, rejects with its stderr. */
export function run(file: string, args: readonly string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${file} ${args.join(' ')} exited ${code}: ${stderr.trim()}`));
    });
    child.stdin.on('error', () => undefined); // the program may exit without reading its stdin
    child.stdin.end(input);
  });
}

/*
 * useradd, chpasswd and userdel lock /etc/passwd and give up when another one holds the lock.
 * Within this process they queue; test files run in parallel processes, so also retry.
 */
const LOCKED = /lock|try again/i;
let accountQueue: Promise<unknown> = Promise.resolve();

function serialised<T>(work: () => Promise<T>): Promise<T> {
  const next = accountQueue.then(work, work);
  accountQueue = next.catch(() => undefined);
  return next;
}

async function runAccountTool(file: string, args: string[], input?: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(file, args, input);
    } catch (e) {
      if (attempt >= 40 || !LOCKED.test(String(e))) throw e;
      await new Promise((r) => setTimeout(r, 25 + Math.random() * 50));
    }
  }
}

/** Creates a login user with `home` (not created here) and `password`; returns its uid. */
export function createUser(name: string, home: string, password: string): Promise<number> {
  return serialised(async () => {
    await runAccountTool('useradd', ['-M', '-d', home, '-s', '/bin/bash', name]);
    try {
      await runAccountTool('chpasswd', [], `${name}:${password}\n`);
      return Number((await run('id', ['-u', name])).trim());
    } catch (e) {
      removeUserSync(name);
      throw e;
    }
  });
}

/** Removes the user, its group and its home; a user that does not exist is fine. */
export function removeUser(name: string): Promise<void> {
  return serialised(async () => {
    if (spawnSync('id', ['-u', name], { stdio: 'ignore' }).status !== 0) return;
    // -f: remove even if a process of the user lingers; the caller has ended them already.
    await runAccountTool('userdel', ['-r', '-f', name]);
  });
}

/** Best effort at process exit, synchronously: remove the user if it still exists. */
export function removeUserSync(name: string): void {
  if (spawnSync('id', ['-u', name], { stdio: 'ignore' }).status !== 0) return;
  for (let attempt = 0; attempt < 20; attempt++) {
    const result = spawnSync('userdel', ['-r', '-f', name], { encoding: 'utf8' });
    if (result.status === 0 || !LOCKED.test(result.stderr)) return;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
