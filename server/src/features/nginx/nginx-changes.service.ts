import type { ClusterLocks } from '../../infra/cluster/cluster-locks.js';
import path from 'node:path/posix';
import {
  NGINX_DISABLED_SUFFIX,
  NginxReason,
  isNginxFileName,
  splitNginxFile,
  type NginxVersionAction,
} from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { failed, invalid, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import {
  addChange,
  copyChange,
  deleteChange,
  editChange,
  linkChange,
  renameChange,
  unlinkChange,
} from './nginx-change-steps.js';
import { confineDir, type NginxFiles, type RouteFile } from './nginx-files.service.js';
import type { NginxLayout } from './nginx-locator.js';
import { globMatches, parseTestFailure } from './nginx-parse.js';
import { fileRefusal, scriptFailed, type NginxRemote } from './nginx-remote.js';
import type { NginxRepository } from './nginx.repository.js';
import { guardedScript, ScriptExit, type GuardedChange } from './nginx-scripts.js';

type FileInput = { serverId: number; dir: string; filename: string };

/**
 * Every change of a configuration file: one at a time per server, kept only when `nginx -t`
 * passes (undone atomically otherwise), and stored as a version (the first change of a file also
 * stores what it held before, as `original`).
 */
export function createNginxChanges(deps: {
  remote: NginxRemote;
  files: NginxFiles;
  repo: NginxRepository;
  clock: Clock;
  /** One change at a time per server, over every console (`cluster-locks.ts`). */
  locks: ClusterLocks;
}) {
  const { remote, files, repo, clock, locks } = deps;

  /**
   * Runs a guarded change of `at` (and of `other`, the second file a copy or a rename names),
   * answering nginx's refusal as `nginx_test_failed` and a link out as 10003 naming its field.
   */
  async function apply(ctx: RequestContext, at: RouteFile, g: GuardedChange, other?: RouteFile) {
    const { serverId, layout, file } = at;
    const fields = { ...(other && { [other.file]: other.field }), [file]: at.field };
    const r = await remote.run(ctx, serverId, guardedScript(layout.target, layout, g));
    if (r.code === 0) return;
    if (r.code === ScriptExit.testFailed) {
      throw failed(
        'nginx -t refused the configuration: nothing was changed',
        NginxReason.testFailed,
        parseTestFailure(r.stdout),
      );
    }
    if (r.code === ScriptExit.changed) throw fileChanged(file);
    throw fileRefusal(r.code, file, r, fields) ?? scriptFailed(`Changing ${file} failed`, r);
  }

  async function record(
    ctx: RequestContext,
    serverId: number,
    file: string,
    action: NginxVersionAction,
    content: string,
    before?: string | null,
  ) {
    const base = {
      serverId,
      path: file,
      creatorId: ctx.user.id,
      creator: ctx.user.name,
      time: clock.now(),
    };
    if (before != null && !(await repo.hasVersions(serverId, file))) {
      await repo.addVersion({ ...base, content: before, action: 'original' });
    }
    await repo.addVersion({ ...base, content, action });
  }

  /** The confined path of `name` in `dir`, named by the input `field`, with its layout. */
  async function locate(
    ctx: RequestContext,
    serverId: number,
    dir: string,
    name: string,
    field = 'filename',
  ): Promise<RouteFile> {
    const layout = await files.layoutOf(ctx, serverId);
    return { serverId, layout, file: path.join(confineDir(layout, dir), name), field };
  }

  /** `at` beside itself as `name` (same directory and layout), named by the input `field`. */
  const sibling = (at: RouteFile, name: string, field: string): RouteFile => ({
    ...at,
    file: path.join(path.dirname(at.file), name),
    field,
  });

  async function save(
    ctx: RequestContext,
    at: RouteFile,
    content: string,
    action: NginxVersionAction,
    hash?: string,
  ) {
    const old = await files.readWithDigest(ctx, at);
    if (old === null) throw failed(`${at.file} does not exist`, NginxReason.fileMissing);
    if (hash !== undefined && old.digest !== hash) throw fileChanged(at.file);
    await apply(ctx, at, editChange(at.file, content, old.digest));
    await record(ctx, at.serverId, at.file, action, content, old.text);
  }

  const edit = (
    ctx: RequestContext,
    i: FileInput & { content: string; hash?: string | undefined },
  ) =>
    locks.run(i.serverId, async () => {
      const at = await locate(ctx, i.serverId, i.dir, i.filename);
      await save(ctx, at, i.content, 'edit', i.hash);
    });

  const add = (ctx: RequestContext, i: FileInput & { content: string }) =>
    locks.run(i.serverId, async () => {
      const at = await locate(ctx, i.serverId, i.dir, i.filename);
      await apply(ctx, at, addChange(at.file, i.content));
      await record(ctx, i.serverId, at.file, 'add', i.content);
    });

  /** A new file with the content of `srcName` (of its target, when it is a link inside). */
  const copy = (
    ctx: RequestContext,
    i: { serverId: number; dir: string; srcName: string; dstName: string },
  ) =>
    locks.run(i.serverId, async () => {
      const src = await locate(ctx, i.serverId, i.dir, i.srcName, 'srcName');
      const dst = sibling(src, i.dstName, 'dstName');
      const content = (await files.readFile(ctx, src)) ?? '';
      await apply(ctx, dst, copyChange(src.file, dst.file), src);
      await record(ctx, i.serverId, dst.file, 'copy', content);
    });

  /**
   * Renames within a directory (a link stays a link to the same target); the content is stored
   * under the new name.
   */
  async function move(ctx: RequestContext, from: RouteFile, to: RouteFile, a: NginxVersionAction) {
    const content = (await files.readFile(ctx, from)) ?? '';
    await apply(ctx, from, renameChange(from.file, to.file), to);
    await record(ctx, from.serverId, to.file, a, content);
  }

  const rename = (
    ctx: RequestContext,
    i: { serverId: number; dir: string; currentName: string; newName: string },
  ) =>
    locks.run(i.serverId, async () => {
      const from = await locate(ctx, i.serverId, i.dir, i.currentName, 'currentName');
      await move(ctx, from, sibling(from, i.newName, 'newName'), 'rename');
    });

  /** Removes a file, or a link (never its target). */
  const remove = (ctx: RequestContext, i: { serverId: number; file: string }) =>
    locks.run(i.serverId, async () => {
      const split = splitNginxFile(i.file);
      if (!split) throw invalid('file', 'must be a configuration directory and a file name');
      const layout = await files.layoutOf(ctx, i.serverId);
      const file = path.join(confineDir(layout, split.dir, 'file'), split.name);
      const at = { serverId: i.serverId, layout, file, field: 'file' };
      const content = (await files.readFile(ctx, at)) ?? '';
      await apply(ctx, at, deleteChange(file));
      await record(ctx, i.serverId, file, 'delete', content, content);
    });

  const toggle = (ctx: RequestContext, i: FileInput & { enabled: boolean }) =>
    locks.run(i.serverId, async () => {
      const at = await locate(ctx, i.serverId, i.dir, i.filename);
      const { layout, file } = at;
      const link = sitesLink(layout, i.dir, i.filename);
      if (link) {
        const content = (await files.readFile(ctx, at)) ?? '';
        const linkAt = { ...at, file: link };
        await apply(ctx, linkAt, i.enabled ? linkChange(file, link) : unlinkChange(link), at);
        await record(ctx, i.serverId, file, 'toggle', content);
        return;
      }
      const globs = layout.includes.find((x) => x.dir === i.dir)?.globs ?? [];
      const included = (name: string) => globs.some((g) => globMatches(g, name));
      if (included(i.filename) === i.enabled) return;
      const name = i.enabled
        ? i.filename.replace(/\.disabled$/, '')
        : i.filename + NGINX_DISABLED_SUFFIX;
      if (name === i.filename || !isNginxFileName(name) || included(name) !== i.enabled) {
        throw failed(
          `${file} cannot be ${i.enabled ? 'enabled' : 'disabled'} by renaming it: ${i.dir} includes ${globs.join(', ') || 'no glob'}`,
          NginxReason.toggleUnsupported,
        );
      }
      await move(ctx, at, sibling(at, name, 'filename'), 'toggle');
    });

  const restore = (ctx: RequestContext, i: { serverId: number; id: number }) =>
    locks.run(i.serverId, async () => {
      await remote.server(ctx, i.serverId);
      const v = await repo.version(i.serverId, i.id);
      if (!v) throw notFound('Version');
      const layout = await files.layoutOf(ctx, i.serverId);
      if (!layout.dirs.includes(path.dirname(v.path))) {
        throw failed(
          `${path.dirname(v.path)} is no longer a configuration directory: the version cannot be restored there`,
          NginxReason.dirGone,
        );
      }
      const file = path.join(path.dirname(v.path), path.basename(v.path));
      const at = { serverId: i.serverId, layout, file, field: 'id' };
      const exists = (await files.readFile(ctx, at)) !== null;
      if (exists) return save(ctx, at, v.content, 'restore');
      await apply(ctx, at, addChange(file, v.content));
      await record(ctx, i.serverId, file, 'restore', v.content);
    });

  return { edit, add, copy, rename, remove, toggle, restore };
}

const fileChanged = (file: string) =>
  failed(`${file} changed on the server since it was read: reload it`, NginxReason.fileChanged);

/** The sites-enabled link of a sites-available file, when both directories are configured. */
function sitesLink(layout: NginxLayout, dir: string, name: string): string | null {
  if (path.basename(dir) !== 'sites-available') return null;
  const enabled = path.join(path.dirname(dir), 'sites-enabled');
  return layout.dirs.includes(enabled) ? path.join(enabled, name) : null;
}
