import { spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { run } from './linux-accounts.js';
import type { SshdServer } from './sshd-fleet.js';

/**
 * Real git repositories for tests: a bare origin plus the working copy that feeds it, built with
 * the system git. Commit and tag dates come from a clock that advances one minute per write
 * (unless a date is given), so "newest first" orderings are stable.
 */

/** Files to write (path → content) or remove (path → null). */
export type FileChanges = Record<string, string | null>;

export interface CommitOptions {
  /** Default `main`; a missing branch starts at the current commit (or as the first one). */
  branch?: string;
  /** `Name` or `Name <email>`; default `Ferry Test <test@example.com>`. */
  author?: string;
  /** Author and committer date: epoch seconds, an ISO 8601 text or a Date; default the clock. */
  date?: number | string | Date;
}

export interface GitOrigin {
  /** The bare repository. */
  readonly dir: string;
  /** `file://` + dir. */
  readonly url: string;
  /** The working copy the commits are made in. */
  readonly workDir: string;
  /** Set by `serveOverSsh`: the uid that must own the bare repository after every write. */
  ownerUid: number | undefined;
  /** Commits the changes on the branch and pushes it; answers the commit id. */
  commit(files: FileChanges, message: string, opts?: CommitOptions): Promise<string>;
  /** Creates branch `name` at `from` (default `main`) in the origin. */
  branch(name: string, from?: string): Promise<void>;
  /** Tags `ref` (default `main`); lightweight unless `annotated`. */
  tag(name: string, ref?: string, opts?: { annotated?: boolean }): Promise<void>;
  deleteTag(name: string): Promise<void>;
  deleteBranch(name: string): Promise<void>;
  cleanup(): void;
}

const BASE_TIME = 1_700_000_000;

/** A fresh, empty bare origin with its working copy in a new temp directory. */
export async function createGitOrigin(opts: { name?: string } = {}): Promise<GitOrigin> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-git-'));
  const dir = path.join(root, `${opts.name ?? 'origin'}.git`);
  const workDir = path.join(root, 'work');
  const env = fixtureEnv(root);
  let clock = BASE_TIME;
  const tick = () => (clock += 60);
  const git = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    runIn(workDir, args, { ...env, ...extra });
  const origin: GitOrigin = {
    dir,
    url: `file://${dir}`,
    workDir,
    ownerUid: undefined,
    async commit(files, message, o = {}) {
      await switchTo(git, o.branch ?? 'main');
      writeFiles(workDir, files);
      await git(['add', '-A']);
      const seconds = o.date === undefined ? tick() : epochSeconds(o.date);
      clock = Math.max(clock, seconds); // later tags and commits stay newer than this one
      const when = `@${seconds} +0000`;
      await git(['commit', '-q', '--allow-empty', '-m', message], {
        ...authorEnv(o.author),
        GIT_AUTHOR_DATE: when,
        GIT_COMMITTER_DATE: when,
      });
      await push(['--force', 'origin', `HEAD:refs/heads/${o.branch ?? 'main'}`]);
      return (await git(['rev-parse', 'HEAD'])).trim();
    },
    async branch(name, from = 'main') {
      await git(['branch', '-f', name, from]);
      await push(['origin', `refs/heads/${name}:refs/heads/${name}`]);
    },
    async tag(name, ref = 'main', o = {}) {
      const annotated = o.annotated ? ['-a', '-m', `Release ${name}`] : [];
      await git(['tag', '-f', ...annotated, name, ref], { GIT_COMMITTER_DATE: `@${tick()} +0000` });
      await push(['--force', 'origin', `refs/tags/${name}:refs/tags/${name}`]);
    },
    async deleteTag(name) {
      await git(['tag', '-d', name]);
      await push(['origin', `:refs/tags/${name}`]);
    },
    async deleteBranch(name) {
      await git(['switch', '-q', '--detach']);
      await git(['branch', '-D', name]);
      await push(['origin', `:refs/heads/${name}`]);
    },
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
  const push = async (args: string[]) => {
    await git(['push', '-q', ...args]);
    if (origin.ownerUid !== undefined) await chownTree(dir, origin.ownerUid);
  };
  await runIn(root, ['init', '-q', '--bare', '-b', 'main', dir], env);
  await runIn(root, ['init', '-q', '-b', 'main', workDir], env);
  await git(['remote', 'add', 'origin', dir]);
  return origin;
}

/**
 * Makes the origin readable over ssh as the server's user and answers its `ssh://` address.
 * git refuses a repository owned by another user ("dubious ownership"), so the user gets to own
 * it; the fixture keeps writing to it as root (its own git config trusts every directory).
 */
export async function serveOverSsh(origin: GitOrigin, server: SshdServer): Promise<string> {
  fs.chmodSync(path.dirname(origin.dir), 0o755);
  origin.ownerUid = server.uid;
  await chownTree(origin.dir, server.uid);
  return `ssh://${server.user}@${server.host}:${server.port}${origin.dir}`;
}

/** An https git server (`git http-backend`) for one origin, behind Basic authentication. */
export interface HttpsOrigin {
  /** `https://127.0.0.1:<port>/<name>.git` */
  url: string;
  /** The self-signed certificate to trust (`http.sslCAInfo`). */
  caFile: string;
  /** Every Authorization header received ('' for a request without one). */
  authorizations: string[];
  close(): Promise<void>;
}

/** Serves the origin over https; requests without `username:password` get 401 Basic. */
export async function serveOverHttps(
  origin: GitOrigin,
  login: { username: string; password: string },
): Promise<HttpsOrigin> {
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-tls-'));
  const [keyFile, caFile] = [path.join(certDir, 'key.pem'), path.join(certDir, 'cert.pem')];
  await run('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', keyFile, '-out', caFile, '-days', '1', '-subj', '/CN=127.0.0.1'],
    ...['-addext', 'subjectAltName=IP:127.0.0.1'],
  ]);
  const expected = `Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}`;
  const authorizations: string[] = [];
  const cert = { key: fs.readFileSync(keyFile), cert: fs.readFileSync(caFile) };
  const server = https.createServer(cert, (req, res) => {
    authorizations.push(req.headers.authorization ?? '');
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="ferry-test"' }).end();
      return;
    }
    httpBackend(origin, login.username, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/${path.basename(origin.dir)}`,
    caFile,
    authorizations,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(certDir, { recursive: true, force: true });
    },
  };
}

/** A TCP server on 127.0.0.1 that accepts connections and never says a word. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Runs one request through `git http-backend` (CGI) and writes its answer. */
function httpBackend(
  origin: GitOrigin,
  user: string,
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
): void {
  const url = new URL(req.url ?? '/', 'https://127.0.0.1');
  const child = spawn('git', ['http-backend'], {
    env: {
      ...fixtureEnv(path.dirname(origin.dir)),
      GIT_PROJECT_ROOT: path.dirname(origin.dir),
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
      GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      REMOTE_USER: user,
      REMOTE_ADDR: '127.0.0.1',
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  req.pipe(child.stdin);
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.on('close', () => {
    const all = Buffer.concat(chunks);
    const end = all.indexOf('\r\n\r\n');
    const head = all.subarray(0, end).toString().split('\r\n');
    const headers = Object.fromEntries(head.map((h) => h.split(/:\s*/, 2) as [string, string]));
    const status = Number(/^\d+/.exec(headers.Status ?? '200')?.[0]);
    delete headers.Status;
    res.writeHead(status, headers).end(all.subarray(end + 4));
  });
}

/** git's environment for the fixture: no user or system config, every directory trusted. */
function fixtureEnv(root: string): NodeJS.ProcessEnv {
  const config = path.join(root, 'fixture.gitconfig');
  if (!fs.existsSync(config)) {
    fs.writeFileSync(
      config,
      '[user]\n\tname = Ferry Test\n\temail = test@example.com\n[safe]\n\tdirectory = *\n',
    );
  }
  return {
    PATH: process.env.PATH,
    HOME: root,
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: config,
  };
}

function runIn(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`git ${args.join(' ')}: ${err.trim()}`)),
    );
  });
}

type Git = (args: string[]) => Promise<string>;

async function switchTo(git: Git, branch: string): Promise<void> {
  const has = (ref: string) =>
    git(['rev-parse', '-q', '--verify', ref]).then(
      () => true,
      () => false,
    );
  if (await has(`refs/heads/${branch}`)) await git(['switch', '-q', branch]);
  else if (await has('HEAD')) await git(['switch', '-q', '-c', branch]);
  else await git(['symbolic-ref', 'HEAD', `refs/heads/${branch}`]);
}

function writeFiles(workDir: string, files: FileChanges): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(workDir, name);
    if (content === null) {
      fs.rmSync(file, { force: true });
    } else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    }
  }
}

function authorEnv(author: string | undefined): NodeJS.ProcessEnv {
  if (!author) return {};
  const m = /^(.*?)\s*<(.*)>$/.exec(author);
  const name = m ? m[1]! : author;
  const email = m ? m[2]! : `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email };
}

function epochSeconds(date: number | string | Date): number {
  if (typeof date === 'number') return date;
  const ms = typeof date === 'string' ? Date.parse(date) : date.getTime();
  if (Number.isNaN(ms)) throw new Error(`not a date: ${String(date)}`);
  return Math.floor(ms / 1000);
}

async function chownTree(dir: string, uid: number): Promise<void> {
  await run('chown', ['-R', `${uid}:${uid}`, dir]);
}
