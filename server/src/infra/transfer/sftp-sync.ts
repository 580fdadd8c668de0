import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Client } from 'ssh2';
import { isMissing, RemoteFs } from './remote-fs.js';
import { forEachLimited } from './run-limited.js';
import { parseSftpOptions, PathFilter, type SftpOptions } from './sftp-options.js';
import { manifestOf, treeOf, unchangedSince, type Manifest } from './sftp-manifest.js';
import { planSync, type SftpPlan } from './sftp-plan.js';
import { listRemote, walkLocal, type LocalEntry } from './sftp-trees.js';
import { Stopper } from './stopper.js';

export { sftpOptionProblem } from './sftp-options.js';

/** One sync of a local directory's contents to a server directory over SFTP. */
export interface SftpSyncRequest {
  /** An open connection (the caller owns it). */
  client: Client;
  source: string;
  /** Remote dir; created (with its parents) if missing. */
  destPath: string;
  /**
   * Parsed words: `-v…` (log every file), `--exclude <p>` | `--exclude=<p>`, `--exclude-regexp
   * <re>`, `--include <p>`, `--include-regexp <re>`, `--delete`. Anything else is refused.
   */
  options: string[];
  signal?: AbortSignal;
  timeoutMs: number;
  onLine?: (line: string) => void;
  /** Parallel uploads, default 8. */
  concurrency?: number;
  /**
   * The source's walks of this deploy, by options: every server of a deploy syncs the same
   * working copy, so it is walked once (not once per server) for each set of options.
   */
  walks?: SourceWalks;
  /**
   * What the last sync left at `destPath` (its outcome's `manifest`, kept by the caller): the
   * source is compared with it instead of with a listing of the server's tree. When the server
   * turns out to differ (a path the sync needs is gone), the sync compares with the server.
   */
  previous?: Manifest;
}

/** Walks of one source shared by the servers of a deploy (see `SftpSyncRequest.walks`). */
export type SourceWalks = Map<
  string,
  Promise<{ found: Map<string, LocalEntry>; skipped: string[] }>
>;

export interface SftpSyncOutcome {
  uploaded: number;
  /** Files already up to date (same size and modification second). */
  skipped: number;
  deleted: number;
  bytes: number;
  /** What this sync left on the server: the next one's `previous`. */
  manifest: Manifest;
}

/**
 * Brings `destPath` on the server up to date with `source`: uploads files that are missing or
 * differ (each to a temp name, then renamed over the old one, with the local time and mode set),
 * and with `--delete` removes selected server paths the source lacks. With a `previous` manifest a
 * file differs when its size differs, or its time and its content hash do; without one, when the
 * server's size or modification second differ. Rejects with an Error naming what failed; an abort or timeout
 * closes the SFTP channel at once, removes half-written temp files and rejects.
 */
export async function sftpSync(req: SftpSyncRequest): Promise<SftpSyncOutcome> {
  const opts = parseSftpOptions(req.options);
  if ('problem' in opts) throw new Error(`The sftp options cannot be used: ${opts.problem}`);
  if (!path.posix.isAbsolute(req.destPath)) {
    throw new Error(`The destination must be an absolute path: ${req.destPath}`);
  }
  let remote: RemoteFs | undefined;
  const stopper = new Stopper('The sftp transfer', req.signal, req.timeoutMs, () =>
    remote?.close(),
  );
  const run = new SyncRun(req, opts, stopper);
  try {
    const opened = await stopper.race(
      RemoteFs.open(req.client).then((r) => (stopper.stopped ? (r.close(), r) : r)),
    );
    remote = opened;
    try {
      return await stopper.race(run.execute(opened, req.previous));
    } catch (e) {
      if (stopper.stopped || !req.previous) throw e;
      run.log(`the server differs from the last transfer (${errorText(e)}): comparing with it`);
      return await stopper.race(run.execute(opened, undefined));
    }
  } catch (e) {
    if (!stopper.stopped) throw e;
    await removeLeftovers(req.client, run.unfinished);
    throw stopper.stopped;
  } finally {
    stopper.dispose();
    remote?.close();
  }
}

/** One sync's steps; `unfinished` holds temp files that may exist on the server. */
class SyncRun {
  readonly unfinished = new Set<string>();
  private readonly dest: string;
  private readonly filter: PathFilter;
  private readonly concurrency: number;

  constructor(
    private readonly req: SftpSyncRequest,
    private readonly opts: SftpOptions,
    private readonly stopper: Stopper,
  ) {
    this.dest = path.posix.normalize(req.destPath).replace(/(.)\/+$/, '$1');
    this.filter = new PathFilter(opts);
    this.concurrency = Math.max(1, req.concurrency ?? 8);
  }

  async execute(remote: RemoteFs, previous: Manifest | undefined): Promise<SftpSyncOutcome> {
    const local = await this.walk();
    await this.ensureDest(remote, this.dest);
    const known = previous
      ? await this.compareWithManifest(previous, local)
      : await this.compareWithServer(remote, local);
    const plan = planSync(local, known.tree, this.filter, this.opts.delete, known.same);
    const deleted = await this.deleteExtras(remote, plan);
    await this.makeDirs(remote, plan, local);
    const bytes = await this.uploadAll(remote, plan, local);
    const uploaded = new Set(plan.uploads);
    const hashes = new Map([...known.hashes].filter(([rel]) => !uploaded.has(rel)));
    const manifest = await manifestOf(local, hashes, this.concurrency);
    this.log(
      `uploaded ${plan.uploads.length}, unchanged ${plan.unchanged}, deleted ${deleted}, ${bytes} bytes`,
    );
    return { uploaded: plan.uploads.length, skipped: plan.unchanged, deleted, bytes, manifest };
  }

  /** The server as the last sync left it; hashes only of same-size files whose time changed. */
  private async compareWithManifest(previous: Manifest, local: Map<string, LocalEntry>) {
    const { unchanged, hashes } = await unchangedSince(previous, local, this.concurrency);
    const same = (rel: string) => unchanged.has(rel);
    return { tree: treeOf(previous), same, hashes };
  }

  /** The server's tree, listed (size and second compared, as the plan does by default). */
  private async compareWithServer(remote: RemoteFs, local: Map<string, LocalEntry>) {
    const descend = (rel: string) =>
      local.get(rel)?.kind === 'dir' || (this.opts.delete && this.filter.selected(rel));
    const tree = await listRemote(remote, this.dest, descend, this.concurrency);
    return { tree, same: undefined, hashes: new Map<string, string>() };
  }

  readonly log = (line: string) => this.req.onLine?.(line);

  /** The source's files, walked once per set of options when the deploy shares its walks. */
  private async walk(): Promise<Map<string, LocalEntry>> {
    const key = this.req.options.join('\0');
    let walked = this.req.walks?.get(key);
    if (!walked) {
      const skipped: string[] = [];
      walked = walkLocal(this.req.source, this.filter, (l) => skipped.push(l)).then((found) => ({
        found,
        skipped,
      }));
      this.req.walks?.set(key, walked);
      void walked.catch(() => this.req.walks?.delete(key));
    }
    const { found, skipped } = await walked;
    for (const line of skipped) this.log(line);
    return found;
  }

  private verbose(line: string): void {
    if (this.opts.verbose) this.log(line);
  }

  private remotePath(rel: string): string {
    return this.dest === '/' ? `/${rel}` : `${this.dest}/${rel}`;
  }

  /** Nothing new starts once stopped (the channel is closed; this keeps errors out of the way). */
  private live(): void {
    if (this.stopper.stopped) throw this.stopper.stopped;
  }

  /** `mkdir -p`: the destination (following a link, as the user set it up) and its parents. */
  private async ensureDest(remote: RemoteFs, dir: string): Promise<void> {
    this.live();
    const found = await remote.stat(dir);
    if (found?.isDirectory()) return;
    if (found)
      throw new Error(`The destination ${dir} exists on the server and is not a directory`);
    const parent = path.posix.dirname(dir);
    if (parent !== dir) await this.ensureDest(remote, parent);
    await remote.mkdir(dir, 0o755).catch(async (e: unknown) => {
      if (!(await remote.stat(dir))?.isDirectory()) throw e; // made meanwhile by someone else
    });
    this.verbose(`created ${dir}/`);
  }

  private async deleteExtras(remote: RemoteFs, plan: SftpPlan): Promise<number> {
    for (const dir of plan.keptDirs) this.log(`kept ${dir}/: it holds excluded paths`);
    await forEachLimited(plan.deleteFiles, this.concurrency, async (rel) => {
      this.live();
      // Already gone (removed on the server since the last sync) is as good.
      await remote.unlink(this.remotePath(rel)).catch((e: unknown) => {
        if (!isMissing(e)) throw e;
      });
      this.verbose(`deleted ${rel}`);
    });
    // Deepest first and one at a time, so every dir is already empty when its turn comes.
    for (const rel of plan.deleteDirs) {
      this.live();
      await remote.rmdir(this.remotePath(rel));
      this.verbose(`deleted ${rel}/`);
    }
    return plan.deleteFiles.length + plan.deleteDirs.length;
  }

  private async makeDirs(remote: RemoteFs, plan: SftpPlan, local: Map<string, LocalEntry>) {
    for (const { rel, replace } of plan.makeDirs) {
      this.live();
      // SECURITY: a file or link where a dir belongs is removed, never followed.
      if (replace) await remote.unlink(this.remotePath(rel));
      await remote.mkdir(this.remotePath(rel), local.get(rel)!.mode | 0o700);
      this.verbose(`created ${rel}/`);
    }
  }

  private async uploadAll(remote: RemoteFs, plan: SftpPlan, local: Map<string, LocalEntry>) {
    let bytes = 0;
    await forEachLimited(plan.uploads, this.concurrency, async (rel) => {
      const entry = local.get(rel)!;
      await this.upload(remote, rel, entry);
      bytes += entry.size;
      this.verbose(`uploaded ${rel} (${entry.size} bytes)`);
    });
    return bytes;
  }

  /**
   * To a temp name beside the target, then renamed over it: readers never see half a file,
   * and a link at the target is replaced, not written through (SECURITY).
   */
  private async upload(remote: RemoteFs, rel: string, entry: LocalEntry): Promise<void> {
    this.live();
    const target = this.remotePath(rel);
    const base = path.posix.basename(rel).slice(0, 100);
    const temp = `${path.posix.dirname(target)}/.${base}.ferry-tmp-${randomBytes(6).toString('hex')}`;
    this.unfinished.add(temp);
    try {
      await remote.put(entry.abs, temp, entry.mode);
      await remote.utimes(temp, entry.mtime);
      await remote.rename(temp, target);
      this.unfinished.delete(temp);
    } catch (e) {
      const removed = await remote.unlink(temp).then(
        () => true,
        (err: unknown) => isMissing(err),
      );
      if (removed) this.unfinished.delete(temp);
      throw e;
    }
  }
}

/** After a stop: a fresh channel removes temp files that may be left; two seconds at most. */
async function removeLeftovers(client: Client, temps: Set<string>): Promise<void> {
  if (temps.size === 0) return;
  const cleanup = RemoteFs.open(client).then(async (remote) => {
    try {
      await Promise.all([...temps].map((t) => remote.unlink(t).catch(() => undefined)));
    } finally {
      remote.close();
    }
  });
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)));
  await Promise.race([cleanup.catch(() => undefined), limit]);
  clearTimeout(timer);
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
