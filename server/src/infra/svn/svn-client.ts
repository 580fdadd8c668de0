import fs from 'node:fs';
import path from 'node:path';
import { svnBranchProblem } from '@ferry/contract';
import { runCommand } from '../process/run-command.js';
import type { ChangedFile, CommitInfo } from '../git/commit-log.js';
import { GitError } from '../git/git-errors.js';
import { classifySvnFailure } from './svn-errors.js';
import {
  parseInfo,
  parseList,
  parseLog,
  parseSummary,
  revisionOf,
  type SvnLogEntry,
} from './svn-output.js';

/** A Subversion repository address and who the console is to it ('' for anonymous). */
export interface SvnRemote {
  url: string;
  username: string;
  password: string;
}

/** Cancellation and a time limit for one call (default: the client's). */
export interface SvnCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** What a working copy is made of: a branch at its head or at a revision, or a tag. */
export type SvnRef =
  { branch: string; revision?: string | undefined } | { tag: string; revision?: undefined };

/**
 * The console's Subversion, over the system `svn` client. Branches follow the conventional
 * layout when the address has one (`trunk/`, `branches/<name>`, `tags/<name>`): "master" is trunk
 * (goploy's name for an svn project's only branch), and where the address has no trunk it is the
 * whole tree. Revisions are named `r<number>`, as goploy names them.
 */
export interface SvnClient {
  /** Reaches the repository with the credentials; throws a classified error when it cannot. */
  ping(remote: SvnRemote, o?: SvnCallOptions): Promise<void>;
  /** "master", then the names under `branches/`, sorted. */
  branches(remote: SvnRemote, o?: SvnCallOptions): Promise<string[]>;
  /** The newest `n` revisions that changed `branch` (at or before `revision`), newest first. */
  log(
    remote: SvnRemote,
    branch: string,
    n: number,
    o?: SvnCallOptions & { revision?: string },
  ): Promise<CommitInfo[]>;
  /** The newest `n` tags under `tags/`, each with the revision that made it. */
  tags(remote: SvnRemote, n: number, o?: SvnCallOptions): Promise<CommitInfo[]>;
  /** The revisions after `from` up to `to` that changed `branch`, newest first. */
  between(
    remote: SvnRemote,
    branch: string,
    from: string,
    to: string,
    n: number,
    o?: SvnCallOptions,
  ): Promise<CommitInfo[]>;
  /** The files that differ between `branch` at revisions `from` and `to`. */
  changedFiles(
    remote: SvnRemote,
    branch: string,
    from: string,
    to: string,
    o?: SvnCallOptions,
  ): Promise<ChangedFile[]>;
  /**
   * Makes `dir` exactly `ref`: checked out when it is not a working copy yet, else switched and
   * updated; local changes are reverted and unversioned files removed (files svn ignores, such as
   * build caches, are kept). Answers the revision that last changed the tree.
   */
  checkout(dir: string, remote: SvnRemote, ref: SvnRef, o?: SvnCallOptions): Promise<CommitInfo>;
}

export interface SvnClientOptions {
  dataDir: string;
  /** Default limit of one svn call; 120 s unless given. */
  timeoutMs?: number;
}

const SVN = 'svn';
const DEFAULT_TIMEOUT_MS = 120_000;
const KEEP_BYTES = 64 * 1024 * 1024;
/** How long one listing of a repository's root answers for its layout. */
const LAYOUT_REUSE_MS = 5_000;

/** The URL of a repository path at a peg revision: the `@` keeps an `@` in a name literal. */
const at = (url: string, revision = 'HEAD') => `${url}@${revision}`;

export function createSvnClient(opts: SvnClientOptions): SvnClient {
  return new SystemSvnClient(opts, prepareSvnPaths(opts.dataDir));
}

/** The console's private Subversion places under `<dataDir>/svn`. */
interface SvnPaths {
  /** `--config-dir` of every run: the console's own, so no user's config or stored password. */
  config: string;
  /** HOME of every run: empty. */
  home: string;
}

function prepareSvnPaths(dataDir: string): SvnPaths {
  const root = path.join(dataDir, 'svn');
  const paths = { config: path.join(root, 'config'), home: path.join(root, 'home') };
  for (const dir of [root, paths.config, paths.home]) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  return paths;
}

/** Whether the root of an address has the conventional layout, and the address itself. */
interface Layout {
  root: string;
  standard: boolean;
  /** Whether the root has a `branches/` and a `tags/` folder (a layout may lack either). */
  branches: boolean;
  tags: boolean;
}

class SystemSvnClient implements SvnClient {
  private readonly defaultTimeout: number;
  private readonly layouts = new Map<string, { at: number; layout: Promise<Layout> }>();

  constructor(
    opts: SvnClientOptions,
    private readonly paths: SvnPaths,
  ) {
    this.defaultTimeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async ping(remote: SvnRemote, o?: SvnCallOptions): Promise<void> {
    await this.run(remote, ['info', '--xml', '--', at(baseUrl(remote.url))], o);
  }

  async branches(remote: SvnRemote, o?: SvnCallOptions): Promise<string[]> {
    const layout = await this.layout(remote, o);
    if (!layout.standard || !layout.branches) return ['master'];
    const out = await this.run(remote, ['list', '--xml', '--', at(`${layout.root}/branches`)], o);
    const names = parseList(out)
      .filter((e) => e.kind === 'dir' && svnBranchProblem(e.name) === undefined)
      .map((e) => e.name)
      .sort();
    return ['master', ...names];
  }

  async log(
    remote: SvnRemote,
    branch: string,
    n: number,
    o?: SvnCallOptions & { revision?: string },
  ): Promise<CommitInfo[]> {
    const url = this.branchUrl(await this.layout(remote, o), branch);
    const peg = o?.revision ? String(revisionOf(o.revision)) : 'HEAD';
    const out = await this.run(
      remote,
      ['log', '--xml', '-v', '-l', String(n), '--', at(url, peg)],
      o,
    );
    return parseLog(out).map((e) => commitOf(e, branch));
  }

  async tags(remote: SvnRemote, n: number, o?: SvnCallOptions): Promise<CommitInfo[]> {
    const layout = await this.layout(remote, o);
    if (!layout.standard || !layout.tags) return [];
    const out = await this.run(remote, ['list', '--xml', '--', at(`${layout.root}/tags`)], o);
    const tags = parseList(out)
      .filter((e) => e.kind === 'dir' && svnBranchProblem(e.name) === undefined)
      .sort((a, b) => b.revision - a.revision || a.name.localeCompare(b.name))
      .slice(0, n);
    if (tags.length === 0) return [];
    // The messages of the revisions that made the tags, in one log of the tags folder.
    const log = await this.run(
      remote,
      ['log', '--xml', '-l', String(n * 2), '--', at(`${layout.root}/tags`)],
      o,
    );
    const messages = new Map(parseLog(log).map((e) => [e.revision, e.message]));
    return tags.map((t) => ({
      branch: '',
      commit: `r${t.revision}`,
      author: t.author,
      timestamp: t.timestamp,
      message: messages.get(t.revision) ?? '',
      tag: t.name,
      diff: '',
    }));
  }

  async between(
    remote: SvnRemote,
    branch: string,
    from: string,
    to: string,
    n: number,
    o?: SvnCallOptions,
  ): Promise<CommitInfo[]> {
    const start = revisionOf(from);
    const end = revisionOf(to);
    if (end <= start) return [];
    const url = this.branchUrl(await this.layout(remote, o), branch);
    const out = await this.run(
      remote,
      [
        'log',
        '--xml',
        '-v',
        '-l',
        String(n),
        '-r',
        `${end}:${start + 1}`,
        '--',
        at(url, String(end)),
      ],
      o,
    );
    return parseLog(out).map((e) => commitOf(e, branch));
  }

  async changedFiles(
    remote: SvnRemote,
    branch: string,
    from: string,
    to: string,
    o?: SvnCallOptions,
  ): Promise<ChangedFile[]> {
    const url = this.branchUrl(await this.layout(remote, o), branch);
    const out = await this.run(
      remote,
      [
        'diff',
        '--summarize',
        '--xml',
        '--',
        at(url, String(revisionOf(from))),
        at(url, String(revisionOf(to))),
      ],
      o,
    );
    return parseSummary(out, url);
  }

  async checkout(
    dir: string,
    remote: SvnRemote,
    ref: SvnRef,
    o?: SvnCallOptions,
  ): Promise<CommitInfo> {
    const layout = await this.layout(remote, o);
    const url = 'tag' in ref ? this.tagUrl(layout, ref.tag) : this.branchUrl(layout, ref.branch);
    const peg = ref.revision ? String(revisionOf(ref.revision)) : 'HEAD';
    const target = localPath(dir);
    if (!fs.existsSync(path.join(dir, '.svn'))) {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      await this.run(remote, ['checkout', '-q', '--', at(url, peg), target], o);
    } else {
      await this.run(remote, ['revert', '-q', '-R', '--', target], o);
      await this.run(remote, ['cleanup', '--remove-unversioned', '--', target], o);
      await this.run(
        remote,
        ['switch', '-q', '--ignore-ancestry', '--force', '--', at(url, peg), target],
        o,
      );
    }
    const info = parseInfo(await this.run(remote, ['info', '--xml', '--', target], o));
    const branch = 'tag' in ref ? '' : ref.branch;
    const [entry] = parseLog(
      await this.run(
        remote,
        ['log', '--xml', '-v', '-l', '1', '--', at(url, String(info.lastChangedRevision))],
        o,
      ),
    );
    const commit = entry
      ? commitOf(entry, branch)
      : {
          branch,
          commit: `r${info.lastChangedRevision}`,
          author: info.lastChangedAuthor,
          timestamp: info.lastChangedTimestamp,
          message: '',
          tag: '',
          diff: '',
        };
    return 'tag' in ref ? { ...commit, tag: ref.tag } : commit;
  }

  /**
   * The layout at the address: the conventional one when it has a `trunk` folder. One listing of
   * the root serves the calls of the next few seconds (a review asks four things at once), not
   * a later deploy; a failed one is not kept.
   */
  private layout(remote: SvnRemote, o?: SvnCallOptions): Promise<Layout> {
    const key = JSON.stringify([remote.url, remote.username, remote.password]);
    const now = Date.now();
    for (const [k, v] of this.layouts) if (now - v.at >= LAYOUT_REUSE_MS) this.layouts.delete(k);
    const kept = this.layouts.get(key);
    if (kept) return kept.layout;
    // Read without the caller's signal: another caller may be waiting for the same listing.
    const layout = this.readLayout(remote, o?.timeoutMs);
    this.layouts.set(key, { at: now, layout });
    layout.catch(() => this.layouts.delete(key));
    return layout;
  }

  private async readLayout(remote: SvnRemote, timeoutMs: number | undefined): Promise<Layout> {
    const root = baseUrl(remote.url);
    const o = timeoutMs === undefined ? undefined : { timeoutMs };
    const out = await this.run(remote, ['list', '--xml', '--', at(root)], o);
    const folders = new Set(
      parseList(out)
        .filter((e) => e.kind === 'dir')
        .map((e) => e.name),
    );
    return {
      root,
      standard: folders.has('trunk'),
      branches: folders.has('branches'),
      tags: folders.has('tags'),
    };
  }

  private branchUrl(layout: Layout, branch: string): string {
    if (branch === 'master' || branch === 'trunk') {
      return layout.standard ? `${layout.root}/trunk` : layout.root;
    }
    const problem = svnBranchProblem(branch);
    if (problem) throw new GitError('git_bad_ref', `The branch name ${problem}`);
    if (!layout.standard || !layout.branches) {
      throw new GitError('git_bad_ref', 'The repository has no branches folder: use master');
    }
    return `${layout.root}/branches/${encodeURIComponent(branch)}`;
  }

  private tagUrl(layout: Layout, tag: string): string {
    const problem = svnBranchProblem(tag);
    if (problem) throw new GitError('git_bad_ref', `The tag name ${problem}`);
    if (!layout.standard || !layout.tags) {
      throw new GitError('git_bad_ref', 'The repository has no tags folder');
    }
    return `${layout.root}/tags/${encodeURIComponent(tag)}`;
  }

  /**
   * One svn run. SECURITY: the password goes in on stdin (`--password-from-stdin`), never in
   * the arguments or the environment; nothing is stored (`--no-auth-cache`, no password stores);
   * the configuration is the console's own; svn never prompts; every address follows `--`.
   */
  private async run(remote: SvnRemote, args: string[], o?: SvnCallOptions): Promise<string> {
    const timeoutMs = o?.timeoutMs ?? this.defaultTimeout;
    const auth = remote.username
      ? ['--username', remote.username, ...(remote.password ? ['--password-from-stdin'] : [])]
      : [];
    const r = await started(
      SVN,
      [
        '--non-interactive',
        '--no-auth-cache',
        '--config-dir',
        this.paths.config,
        '--config-option',
        'config:auth:password-stores=',
        '--config-option',
        'servers:global:store-passwords=no',
        ...auth,
        ...args,
      ],
      {
        cwd: this.paths.home,
        env: {
          PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
          HOME: this.paths.home,
          LANG: 'C',
          LC_ALL: 'C',
        },
        timeoutMs,
        keepBytes: KEEP_BYTES,
        ...(o?.signal ? { signal: o.signal } : {}),
        ...(remote.username && remote.password ? { stdin: remote.password } : {}),
      },
    );
    if (r.code === 0) return r.stdout;
    throw classifySvnFailure(r.stderr, { timedOut: r.timedOut, aborted: r.aborted, timeoutMs }, [
      remote.password,
    ]);
  }
}

/** Runs svn; a console host without it is told so (the deploy says what to install). */
async function started(...args: Parameters<typeof runCommand>) {
  try {
    return await runCommand(...args);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    throw new GitError(
      'git_failed',
      'svn is not installed on the console host: install Subversion (Debian: apt-get install subversion)',
    );
  }
}

/** The address without a trailing slash. */
function baseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A local path for svn: a trailing `@` keeps an `@` in it from reading as a peg revision. */
function localPath(dir: string): string {
  return dir.includes('@') ? `${dir}@` : dir;
}

function commitOf(e: SvnLogEntry, branch: string): CommitInfo {
  return {
    branch,
    commit: `r${e.revision}`,
    author: e.author,
    timestamp: e.timestamp,
    message: e.message.split('\n')[0] ?? '',
    tag: '',
    diff: e.paths.map((p) => `${p.action} ${p.path}`).join('\n'),
  };
}
