import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { run } from './linux-accounts.js';
import type { FileChanges } from './git-fixture.js';

/**
 * A real Subversion repository for tests, served by Debian's `svnserve` on a loopback port with
 * a password, in the conventional layout: `trunk/`, `branches/`, `tags/`. The commits are made
 * through `file://` by the fixture itself (as `author`, default `alice`), so a test's commits do
 * not depend on the server it checks.
 */
export interface SvnOrigin {
  /** `svn://127.0.0.1:<port>/repo`: the repository root, with the three folders. */
  readonly url: string;
  /** The `file://` address of the same repository (no password). */
  readonly fileUrl: string;
  readonly username: string;
  readonly password: string;
  /**
   * Commits the changes to `branch` (`trunk`, or a name under `branches/`); answers the new
   * revision number.
   */
  commit(
    files: FileChanges,
    message: string,
    opts?: { branch?: string; author?: string },
  ): Promise<number>;
  /** Copies trunk (or `from`, a branch name) at its head to `branches/<name>`; answers the revision. */
  branch(name: string, from?: string): Promise<number>;
  /** Copies trunk (or the branch `from`) to `tags/<name>`; answers the revision. */
  tag(name: string, from?: string): Promise<number>;
  /** Makes the folder `folder` (and its parents) under the root; answers the revision. */
  folder(folder: string): Promise<number>;
  /**
   * What clients asked of svnserve so far, from its log, one word each (`open`, `checkout`,
   * `update`, `switch`, `log`, …).
   */
  operations(): string[];
  stop(): Promise<void>;
}

const SVN = '/usr/bin/svn';

/** A path under the repository root for a branch name: `trunk` or `branches/<name>`. */
const branchPath = (branch: string) => (branch === 'trunk' ? 'trunk' : `branches/${branch}`);

export async function startSvnOrigin(
  opts: { username?: string; password?: string } = {},
): Promise<SvnOrigin> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-svn-'));
  const repo = path.join(root, 'repo');
  const username = opts.username ?? 'alice';
  const password = opts.password ?? 'svn-secret-1';
  await run('/usr/bin/svnadmin', ['create', repo]);
  fs.writeFileSync(
    path.join(repo, 'conf', 'svnserve.conf'),
    '[general]\nanon-access = none\nauth-access = write\npassword-db = passwd\nrealm = ferry-test\n',
  );
  fs.writeFileSync(path.join(repo, 'conf', 'passwd'), `[users]\n${username} = ${password}\n`);
  // Revision changes (svn:log edits) are not needed; commits through file:// need no hook.
  const fileUrl = `file://${repo}`;
  const config = path.join(root, 'client-config');
  fs.mkdirSync(config);
  const svn = (args: string[]) => run(SVN, ['--non-interactive', '--config-dir', config, ...args]);
  await svn([
    'mkdir',
    '-m',
    'the layout',
    '--username',
    username,
    `${fileUrl}/trunk`,
    `${fileUrl}/branches`,
    `${fileUrl}/tags`,
  ]);

  const logFile = path.join(root, 'svnserve.log');
  const { child, port } = await listen(root, logFile);

  const committed = (out: string) => {
    const m = /Committed revision (\d+)\./.exec(out);
    if (!m) throw new Error(`svn did not commit: ${out}`);
    return Number(m[1]);
  };
  let works = 0;

  return {
    url: `svn://127.0.0.1:${port}/repo`,
    fileUrl,
    username,
    password,
    async commit(files, message, o = {}) {
      const work = path.join(root, `work-${++works}`);
      await svn(['checkout', '-q', `${fileUrl}/${branchPath(o.branch ?? 'trunk')}`, work]);
      for (const [file, content] of Object.entries(files)) {
        const at = path.join(work, file);
        if (content === null) {
          await svn(['delete', '-q', at]);
          continue;
        }
        fs.mkdirSync(path.dirname(at), { recursive: true });
        fs.writeFileSync(at, content);
      }
      const written = Object.keys(files).filter((f) => files[f] !== null);
      if (written.length > 0) {
        await svn(['add', '-q', '--force', '--parents', ...written.map((f) => path.join(work, f))]);
      }
      const out = await svn(['commit', '-m', message, '--username', o.author ?? username, work]);
      fs.rmSync(work, { recursive: true, force: true });
      return committed(out);
    },
    async branch(name, from = 'trunk') {
      const out = await svn([
        'copy',
        '-m',
        `branch ${name}`,
        '--username',
        username,
        `${fileUrl}/${branchPath(from)}`,
        `${fileUrl}/branches/${name}`,
      ]);
      return committed(out);
    },
    async folder(folder) {
      const out = await svn([
        'mkdir',
        '--parents',
        '-m',
        `folder ${folder}`,
        '--username',
        username,
        `${fileUrl}/${folder}`,
      ]);
      return committed(out);
    },
    async tag(name, from = 'trunk') {
      const out = await svn([
        'copy',
        '-m',
        `tag ${name}`,
        '--username',
        username,
        `${fileUrl}/${branchPath(from)}`,
        `${fileUrl}/tags/${name}`,
      ]);
      return committed(out);
    },
    // `<pid> <time> <host> <user> <repository> <operation> …`
    operations: () =>
      fs.existsSync(logFile)
        ? fs
            .readFileSync(logFile, 'utf8')
            .split('\n')
            .map((l) => l.split(' ')[5] ?? '')
            .filter(Boolean)
        : [],
    async stop() {
      if (child.exitCode === null) {
        const ended = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await ended;
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Starts svnserve on a free loopback port (trying again when another took it first). */
async function listen(
  root: string,
  logFile: string,
): Promise<{ child: ChildProcess; port: number }> {
  for (let attempt = 0; ; attempt += 1) {
    const port = await freePort();
    const child = spawn(
      '/usr/bin/svnserve',
      [
        '-d',
        '--foreground',
        '-r',
        root,
        '--listen-host',
        '127.0.0.1',
        '--listen-port',
        String(port),
        '--log-file',
        logFile,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    if (await accepting(port, child)) return { child, port };
    child.kill('SIGKILL');
    if (attempt >= 4) throw new Error(`svnserve did not start: ${stderr}`);
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Whether svnserve accepts connections on `port` before it exits or 5 s pass. */
async function accepting(port: number, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}
