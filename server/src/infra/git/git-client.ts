import fs from 'node:fs';
import path from 'node:path';
import { parseRepoUrl, refNameProblem, type RepoUrl } from '@ferry/contract';
import { runCommand, type RunResult } from '../process/run-command.js';
import {
  changedFilesArgs,
  commitsArgs,
  logArgs,
  parseChangedFiles,
  parseLog,
  parseTagRefs,
  rangeLogArgs,
  tagRefsArgs,
} from './commit-log.js';
import type { ChangedFile, CommitInfo } from './commit-log.js';
import {
  baseEnv,
  COMMON_CONFIG,
  openRemoteSession,
  prepareGitPaths,
  type GitPaths,
  type GitRemote,
} from './git-env.js';
import { classifyGitFailure, GitError } from './git-errors.js';
import type { KnownHosts } from './known-hosts.js';

export type { ChangedFile, CommitInfo } from './commit-log.js';
export type { GitCredential, GitRemote } from './git-env.js';

/** Cancellation and a time limit for one call (default: the client's). */
export interface GitCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The console's git: remote listings, one working copy per project, logs and tags. */
export interface GitClient {
  /** Branch names (without `refs/heads/`), sorted by name. */
  lsRemoteHeads(remote: GitRemote, o?: GitCallOptions): Promise<string[]>;
  /**
   * Creates the working copy if missing, then fetches every branch (as `origin/<name>`) and tag
   * from the address given (not a stored remote: the address may have changed), removing
   * branches and tags the repository no longer has.
   */
  fetch(dir: string, remote: GitRemote, o?: GitCallOptions): Promise<void>;
  /** `['origin/main', …]`, newest commit first. */
  remoteBranches(dir: string, o?: GitCallOptions): Promise<string[]>;
  /** The newest `n` commits of `ref` (`origin/main`, a tag or a commit id). */
  log(dir: string, ref: string, n: number, o?: GitCallOptions): Promise<CommitInfo[]>;
  /** The `n` newest tags, each with its commit; `tag` is the tag's name. */
  tags(dir: string, n: number, o?: GitCallOptions): Promise<CommitInfo[]>;
  /**
   * The newest `n` commits reachable from `to` but not from `from` (both full commit ids, as
   * `log` answers them): what moving from `from` to `to` brings.
   */
  between(
    dir: string,
    from: string,
    to: string,
    n: number,
    o?: GitCallOptions,
  ): Promise<CommitInfo[]>;
  /** The files that differ between the trees of commits `from` and `to` (full ids), by path. */
  changedFiles(dir: string, from: string, to: string, o?: GitCallOptions): Promise<ChangedFile[]>;
  /**
   * Makes the working tree exactly `ref` (`origin/main`, a tag or a commit id) on local branch
   * `ferry`: tracked changes and untracked files are dropped, files git ignores (build caches such
   * as node_modules) are kept. Answers the commit checked out.
   */
  checkout(dir: string, ref: string, o?: GitCallOptions): Promise<CommitInfo>;
  /** Whether `id` is a full commit id of a commit the working copy `dir` holds. */
  hasCommit(dir: string, id: string, o?: GitCallOptions): Promise<boolean>;
  /**
   * Whether commit `ancestor` is `descendant` or one of its ancestors (both full commit ids);
   * undefined when either is not in the working copy.
   */
  isAncestor(
    dir: string,
    ancestor: string,
    descendant: string,
    o?: GitCallOptions,
  ): Promise<boolean | undefined>;
  /** Host and port of an ssh address (for known_hosts); undefined for other addresses. */
  hostKeyOf(url: string): { host: string; port: number } | undefined;
}

export interface GitClientOptions {
  dataDir: string;
  knownHosts: KnownHosts;
  consoleKeyFile: () => string;
  /** Default limit of one git call; 120 s unless given. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;
/** Parsed output must arrive whole; this bounds memory, not correctness for real repositories. */
const KEEP_BYTES = 64 * 1024 * 1024;
const COMMIT_ID = /^[0-9a-f]{7,64}$/i;
const FULL_COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** One git run: arguments after the `-c` settings, where, and what to hide in messages. */
interface GitRun {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  config: string[];
  secrets: string[];
  o: GitCallOptions | undefined;
}

/** Creates the client; its private git home lives under `<dataDir>/git`. */
export function createGitClient(opts: GitClientOptions): GitClient {
  return new SystemGitClient(opts, prepareGitPaths(opts.dataDir));
}

/** The client over the system `git` binary. */
class SystemGitClient implements GitClient {
  private readonly defaultTimeout: number;

  constructor(
    private readonly opts: GitClientOptions,
    private readonly paths: GitPaths,
  ) {
    this.defaultTimeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async lsRemoteHeads(remote: GitRemote, o?: GitCallOptions): Promise<string[]> {
    const args = (url: string) => ['ls-remote', '--heads', '--', url];
    const out = await this.remoteRun(remote, { cwd: this.paths.home, env: {}, o }, args);
    return out
      .split('\n')
      .map((line) => line.split('\t')[1] ?? '')
      .filter((ref) => ref.startsWith('refs/heads/'))
      .map((ref) => ref.slice('refs/heads/'.length))
      .sort();
  }

  async fetch(dir: string, remote: GitRemote, o?: GitCallOptions): Promise<void> {
    parsedUrl(remote.url); // refuse a bad address before anything is created
    if (!fs.existsSync(path.join(dir, '.git'))) await this.initWorkingCopy(dir, o);
    const refspecs = ['+refs/heads/*:refs/remotes/origin/*', '+refs/tags/*:refs/tags/*'];
    // Command-line refspecs plus --prune remove branches AND tags gone from the repository.
    const flags = ['--prune', '--no-tags', '--no-recurse-submodules', '--no-write-fetch-head'];
    const args = (url: string) => ['fetch', '-q', ...flags, '--', url, ...refspecs];
    await this.remoteRun(remote, { ...inRepo(this.paths, dir), o }, args);
  }

  async remoteBranches(dir: string, o?: GitCallOptions): Promise<string[]> {
    const format = '--format=%(refname:lstrip=2)';
    const args = ['for-each-ref', '--sort=-committerdate', format, 'refs/remotes/origin'];
    const out = await this.local(dir, args, o);
    return out.split('\n').filter((b) => b !== '' && b !== 'origin/HEAD');
  }

  async log(dir: string, ref: string, n: number, o?: GitCallOptions): Promise<CommitInfo[]> {
    checkRef(ref);
    const verify = ['rev-parse', '-q', '--verify', '--end-of-options', `${ref}^{commit}`];
    const found = await this.exec({ ...this.localRun(dir, o), args: verify });
    // `rev-parse -q --verify` fails silently (status 1, no message) for an unknown ref only.
    if (found.code === 1 && !found.timedOut && !found.aborted && found.stderr.trim() === '') {
      throw new GitError('git_bad_ref', `Branch ${ref} does not exist`);
    }
    if (!succeeded(found)) throw classifyGitFailure(found.stderr, found);
    return parseLog(await this.local(dir, logArgs(ref, n), o), ref);
  }

  async tags(dir: string, n: number, o?: GitCallOptions): Promise<CommitInfo[]> {
    const tags = parseTagRefs(await this.local(dir, tagRefsArgs(n), o));
    if (tags.length === 0) return [];
    const ids = [...new Set(tags.map((t) => t.commit))];
    const commits = parseLog(await this.local(dir, commitsArgs(ids), o), '');
    const byId = new Map(commits.map((c) => [c.commit, c]));
    return tags.flatMap((t) => {
      const info = byId.get(t.commit);
      return info ? [{ ...info, tag: t.name }] : [];
    });
  }

  async between(dir: string, from: string, to: string, n: number, o?: GitCallOptions) {
    return parseLog(await this.local(dir, rangeLogArgs(from, to, n), o), '');
  }

  async changedFiles(dir: string, from: string, to: string, o?: GitCallOptions) {
    return parseChangedFiles(await this.local(dir, changedFilesArgs(from, to), o));
  }

  async checkout(dir: string, ref: string, o?: GitCallOptions): Promise<CommitInfo> {
    const [head] = await this.log(dir, ref, 1, o); // also refuses an unknown or malformed ref
    if (!head) throw new GitError('git_bad_ref', `${ref} has no commit`);
    // SECURITY: the commit id (checked hex from git itself), never the user's text, reaches checkout.
    await this.local(dir, ['checkout', '-q', '-f', '-B', 'ferry', head.commit, '--'], o);
    await this.local(dir, ['clean', '-q', '-f', '-d'], o);
    return head;
  }

  async hasCommit(dir: string, id: string, o?: GitCallOptions): Promise<boolean> {
    // SECURITY: only full hex commit ids reach git here.
    if (!FULL_COMMIT_ID.test(id) || !fs.existsSync(path.join(dir, '.git'))) return false;
    const found = await this.exec({
      ...this.localRun(dir, o),
      args: ['cat-file', '-e', `${id}^{commit}`],
    });
    if (found.timedOut || found.aborted) throw classifyGitFailure(found.stderr, found);
    return found.code === 0;
  }

  async isAncestor(
    dir: string,
    ancestor: string,
    descendant: string,
    o?: GitCallOptions,
  ): Promise<boolean | undefined> {
    for (const id of [ancestor, descendant]) {
      // SECURITY: only full hex commit ids reach git here.
      if (!FULL_COMMIT_ID.test(id)) throw new GitError('git_bad_ref', `${id} is not a commit id`);
      const found = await this.exec({ ...this.localRun(dir, o), args: ['cat-file', '-e', id] });
      if (found.timedOut || found.aborted) throw classifyGitFailure(found.stderr, found);
      if (found.code !== 0) return undefined;
    }
    const args = ['merge-base', '--is-ancestor', ancestor, descendant];
    const r = await this.exec({ ...this.localRun(dir, o), args });
    // Status 1 is git's "no"; anything else but 0 is a failure.
    if (r.code === 1 && !r.timedOut && !r.aborted) return false;
    if (!succeeded(r)) throw classifyGitFailure(r.stderr, r);
    return true;
  }

  hostKeyOf(url: string): { host: string; port: number } | undefined {
    const parsed = parseRepoUrl(url);
    if ('problem' in parsed || parsed.kind !== 'ssh') return undefined;
    return { host: parsed.host, port: parsed.port || 22 };
  }

  /** `git init` plus the settings a console-owned working copy needs. */
  private async initWorkingCopy(dir: string, o: GitCallOptions | undefined): Promise<void> {
    fs.mkdirSync(dir, { recursive: true });
    const { cwd, env } = inRepo(this.paths, dir);
    const initEnv = { ...baseEnv(this.paths), GIT_CEILING_DIRECTORIES: path.dirname(dir) };
    const run = { o, cwd, config: COMMON_CONFIG, secrets: [] };
    await this.git({ ...run, env: initEnv, args: ['-c', 'init.defaultBranch=main', 'init', '-q'] });
    // A detached auto-gc would outlive the process group that timeouts and aborts kill.
    await this.git({ ...run, env, args: ['config', 'gc.autoDetach', 'false'] });
  }

  /** Runs git against a remote address with its credential; handles a changed host key. */
  private async remoteRun(
    remote: GitRemote,
    where: { cwd: string; env: NodeJS.ProcessEnv; o: GitCallOptions | undefined },
    args: (url: string) => string[],
  ): Promise<string> {
    const url = parsedUrl(remote.url);
    const { knownHosts, consoleKeyFile } = this.opts;
    const session = openRemoteSession(this.paths, remote, url, knownHosts.file, consoleKeyFile);
    try {
      const env = { ...where.env, ...session.env };
      return await this.git({ ...session, ...where, env, args: args(remote.url) });
    } catch (e) {
      throw await this.withHostKeyHandled(e, url);
    } finally {
      session.dispose();
    }
  }

  /**
   * A refused host key: when a key was trusted before, the host presents a different one now.
   * Its new key is recorded as pending so an administrator can compare and accept it.
   */
  private async withHostKeyHandled(e: unknown, url: RepoUrl): Promise<unknown> {
    if (!(e instanceof GitError) || e.reason !== 'git_host_key_changed') return e;
    const { knownHosts } = this.opts;
    const port = url.port || 22;
    const where = `${url.host}:${port}`;
    if (!knownHosts.fingerprint(url.host, port)) {
      return new GitError('git_failed', `Host key verification of ${where} failed`);
    }
    const pending = await knownHosts.recordPending(url.host, port).catch(() => '');
    const detail = pending ? `; it now presents ${pending}` : '';
    return new GitError('git_host_key_changed', `The host key of ${where} has changed${detail}`);
  }

  /** A run inside the working copy `dir`, which must exist; `args` still to be added. */
  private localRun(dir: string, o: GitCallOptions | undefined): Omit<GitRun, 'args'> {
    return { o, ...inRepo(this.paths, dir), config: COMMON_CONFIG, secrets: [] };
  }

  private local(dir: string, args: string[], o: GitCallOptions | undefined): Promise<string> {
    return this.git({ ...this.localRun(dir, o), args });
  }

  /** Runs git; answers stdout, throws a GitError when git fails. */
  private async git(run: GitRun): Promise<string> {
    const result = await this.exec(run);
    if (succeeded(result)) return result.stdout;
    throw classifyGitFailure(result.stderr, result, run.secrets);
  }

  /** Runs git; answers how it ended. Throws only when git cannot be started. */
  private async exec(run: GitRun): Promise<RunResult & { timeoutMs: number }> {
    const timeoutMs = run.o?.timeoutMs ?? this.defaultTimeout;
    try {
      // SECURITY: an argument array; every user value sits behind `--` or `--end-of-options`.
      const result = await runCommand('git', [...run.config, ...run.args], {
        cwd: run.cwd,
        env: run.env,
        timeoutMs,
        signal: run.o?.signal,
        keepBytes: KEEP_BYTES,
      });
      return { ...result, timeoutMs };
    } catch (e) {
      throw new GitError('git_failed', 'The git program could not be started', { cause: e });
    }
  }
}

function succeeded(result: RunResult): boolean {
  return result.code === 0 && !result.timedOut && !result.aborted;
}

/**
 * SECURITY: runs inside `dir` use its `.git` and nothing else (GIT_DIR): a missing working copy
 * fails instead of git finding an enclosing repository and changing that.
 */
function inRepo(paths: GitPaths, dir: string): { cwd: string; env: NodeJS.ProcessEnv } {
  if (!path.isAbsolute(dir)) throw new Error(`a working copy path must be absolute: ${dir}`);
  return { cwd: dir, env: { ...baseEnv(paths), GIT_DIR: path.join(dir, '.git') } };
}

/** SECURITY: the one parser decides; an option-like or helper address never reaches git. */
function parsedUrl(url: string): RepoUrl {
  const parsed = parseRepoUrl(url);
  if ('problem' in parsed) {
    throw new GitError('git_failed', `The repository address ${parsed.problem}`);
  }
  return parsed;
}

/** SECURITY: a ref reaches git only if it is a commit id or a well-formed branch or tag name. */
function checkRef(ref: string): void {
  if (COMMIT_ID.test(ref)) return;
  const problem = refNameProblem(ref);
  if (problem) throw new GitError('git_bad_ref', `The branch or tag name ${problem}`);
}
