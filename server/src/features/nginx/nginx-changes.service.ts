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
import { confineDir, type NginxFiles } from './nginx-files.service.js';
import type { NginxLayout } from './nginx-locator.js';
import { globMatches, parseTestFailure } from './nginx-parse.js';
import { fileRefusal, scriptFailed, type NginxRemote } from './nginx-remote.js';
import type { NginxRepository } from './nginx.repository.js';
import { guardedScript, ScriptExit, type GuardedChange } from './nginx-scripts.js';
import { createServerLocks } from './server-locks.js';

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
}) {
  const { remote, files, repo, clock } = deps;
  const locks = createServerLocks();

  /** Runs a guarded change, answering nginx's refusal as `nginx_test_failed`. */
  async function apply(
    ctx: RequestContext,
    layout: NginxLayout,
    serverId: number,
    file: string,
    g: GuardedChange,
  ) {
    const r = await remote.run(ctx, serverId, guardedScript(layout.target, g));
    if (r.code === 0) return;
    if (r.code === ScriptExit.testFailed) {
      throw failed(
        'nginx -t refused the configuration: nothing was changed',
        NginxReason.testFailed,
        parseTestFailure(r.stdout),
      );
    }
    if (r.code === ScriptExit.changed) throw fileChanged(file);
    throw fileRefusal(r.code, file, r) ?? scriptFailed(`Changing ${file} failed`, r);
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

  /** The layout and the confined path of `name` in `dir`. */
  async function locate(ctx: RequestContext, serverId: number, dir: string, name: string) {
    const layout = await files.layoutOf(ctx, serverId);
    return { layout, file: path.join(confineDir(layout, dir), name) };
  }

  async function save(
    ctx: RequestContext,
    serverId: number,
    layout: NginxLayout,
    file: string,
    content: string,
    action: NginxVersionAction,
    hash?: string,
  ) {
    const old = await files.readWithDigest(ctx, serverId, file);
    if (old === null) throw failed(`${file} does not exist`, NginxReason.fileMissing);
    if (hash !== undefined && old.digest !== hash) throw fileChanged(file);
    await apply(ctx, layout, serverId, file, editChange(file, content, old.digest));
    await record(ctx, serverId, file, action, content, old.text);
  }

  const edit = (
    ctx: RequestContext,
    i: FileInput & { content: string; hash?: string | undefined },
  ) =>
    locks.run(i.serverId, async () => {
      const { layout, file } = await locate(ctx, i.serverId, i.dir, i.filename);
      await save(ctx, i.serverId, layout, file, i.content, 'edit', i.hash);
    });

  const add = (ctx: RequestContext, i: FileInput & { content: string }) =>
    locks.run(i.serverId, async () => {
      const { layout, file } = await locate(ctx, i.serverId, i.dir, i.filename);
      await apply(ctx, layout, i.serverId, file, addChange(file, i.content));
      await record(ctx, i.serverId, file, 'add', i.content);
    });

  const copy = (
    ctx: RequestContext,
    i: { serverId: number; dir: string; srcName: string; dstName: string },
  ) =>
    locks.run(i.serverId, async () => {
      const { layout, file: src } = await locate(ctx, i.serverId, i.dir, i.srcName);
      const dst = path.join(i.dir, i.dstName);
      const content = (await files.readFile(ctx, i.serverId, src)) ?? '';
      await apply(ctx, layout, i.serverId, dst, copyChange(src, dst));
      await record(ctx, i.serverId, dst, 'copy', content);
    });

  /** Renames within a directory; the content is stored under the new name. */
  async function move(
    ctx: RequestContext,
    serverId: number,
    layout: NginxLayout,
    from: string,
    to: string,
    action: NginxVersionAction,
  ) {
    const content = (await files.readFile(ctx, serverId, from)) ?? '';
    await apply(ctx, layout, serverId, from, renameChange(from, to));
    await record(ctx, serverId, to, action, content);
  }

  const rename = (
    ctx: RequestContext,
    i: { serverId: number; dir: string; currentName: string; newName: string },
  ) =>
    locks.run(i.serverId, async () => {
      const { layout, file } = await locate(ctx, i.serverId, i.dir, i.currentName);
      await move(ctx, i.serverId, layout, file, path.join(i.dir, i.newName), 'rename');
    });

  const remove = (ctx: RequestContext, i: { serverId: number; file: string }) =>
    locks.run(i.serverId, async () => {
      const split = splitNginxFile(i.file);
      if (!split) throw invalid('file', 'must be a configuration directory and a file name');
      const layout = await files.layoutOf(ctx, i.serverId);
      const file = path.join(confineDir(layout, split.dir, 'file'), split.name);
      const content = (await files.readFile(ctx, i.serverId, file)) ?? '';
      await apply(ctx, layout, i.serverId, file, deleteChange(file));
      await record(ctx, i.serverId, file, 'delete', content, content);
    });

  const toggle = (ctx: RequestContext, i: FileInput & { enabled: boolean }) =>
    locks.run(i.serverId, async () => {
      const { layout, file } = await locate(ctx, i.serverId, i.dir, i.filename);
      const link = sitesLink(layout, i.dir, i.filename);
      if (link) {
        const content = (await files.readFile(ctx, i.serverId, file)) ?? '';
        await apply(
          ctx,
          layout,
          i.serverId,
          link,
          i.enabled ? linkChange(file, link) : unlinkChange(link),
        );
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
      const to = path.join(i.dir, name);
      await move(ctx, i.serverId, layout, file, to, 'toggle');
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
      const exists = (await files.readFile(ctx, i.serverId, file)) !== null;
      if (exists) return save(ctx, i.serverId, layout, file, v.content, 'restore');
      await apply(ctx, layout, i.serverId, file, addChange(file, v.content));
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
