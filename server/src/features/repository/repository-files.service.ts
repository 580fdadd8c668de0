import fs from 'node:fs';
import path from 'node:path';
import type { RepositoryEntry } from '@ferry/contract';
import { failed } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { type PreviewFile, previewTypeOf } from '../../core/http/file-preview.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import type { ProjectAccess } from '../project/project.api.js';
import {
  copyFailure,
  inPinnedDir,
  openPinnedFile,
  realRootOf,
  resolveInside,
} from './copy-paths.js';
import { entryOf, sortEntries } from './repository-entry.js';

/** Entries stat'ed at once while listing a large directory. */
const STAT_BATCH = 64;

/**
 * SECURITY: git's and svn's own stores are never deleted through the browser, nor a submodule's.
 */
const touchesGitDir = (rel: string) =>
  rel.split('/').some((p) => ['.git', '.svn'].includes(p.toLowerCase()));

/**
 * The repository browser: lists, shows and deletes files of a project's working copy, confined
 * to it (`copy-paths.ts`). Paths arrive relative and normalised by the contract ('' = the root).
 */
export function createRepositoryFilesService(deps: {
  projects: ProjectAccess;
  copies: WorkingCopies;
}) {
  const { projects, copies } = deps;

  async function rootOf(ctx: RequestContext, id: number): Promise<string> {
    const p = await projects.readable(ctx, id);
    return realRootOf(copies.dirOf(p.id));
  }

  async function list(ctx: RequestContext, id: number, dir: string): Promise<RepositoryEntry[]> {
    const root = await rootOf(ctx, id);
    const real = await resolveInside(root, dir, 'list');
    try {
      return await inPinnedDir(root, real, dir, async (base) => {
        const names = (await fs.promises.readdir(base)).sort();
        const entries: RepositoryEntry[] = [];
        for (let i = 0; i < names.length; i += STAT_BATCH) {
          const batch = names.slice(i, i + STAT_BATCH);
          entries.push(...(await Promise.all(batch.map((n) => entryOf(root, base, n)))));
        }
        return sortEntries(entries);
      });
    } catch (err) {
      throw copyFailure('list', dir, err);
    }
  }

  /** The file's bytes as a stream that closes its descriptor when it ends or is destroyed. */
  async function open(ctx: RequestContext, id: number, file: string): Promise<PreviewFile> {
    const root = await rootOf(ctx, id);
    const real = await resolveInside(root, file, 'read');
    try {
      const { handle } = await openPinnedFile(root, real, file);
      const fileName = path.basename(file);
      return { stream: handle.createReadStream(), fileName, ...previewTypeOf(fileName) };
    } catch (err) {
      throw copyFailure('read', file, err);
    }
  }

  return {
    list,

    preview: open,

    /** The same stream, always as an attachment. */
    async download(ctx: RequestContext, id: number, file: string): Promise<PreviewFile> {
      return { ...(await open(ctx, id, file)), inline: false };
    },

    /**
     * Removes `file`: a file, a link itself (never what it leads to) or a directory and all it
     * holds, under the copy's lock so no git run of the console is in the middle of it.
     */
    async remove(ctx: RequestContext, id: number, file: string): Promise<void> {
      const p = await projects.readable(ctx, id);
      const protectedDir = () =>
        failed(`${file} is git's own data and is never deleted here`, 'git_dir_protected');
      if (touchesGitDir(file)) throw protectedDir();
      await copies.withLock(p.id, async () => {
        const root = await realRootOf(copies.dirOf(p.id));
        const parent = path.posix.dirname(file);
        const realParent = await resolveInside(root, parent === '.' ? '' : parent, 'delete');
        const name = path.posix.basename(file);
        // Through a link, the path it resolves to counts.
        if (touchesGitDir(path.relative(root, path.join(realParent, name)))) throw protectedDir();
        try {
          await inPinnedDir(root, realParent, file, async (dir) => {
            const target = path.join(dir, name);
            await fs.promises.lstat(target);
            await fs.promises.rm(target, { recursive: true });
          });
        } catch (err) {
          throw copyFailure('delete', file, err);
        }
      });
    },
  };
}

export type RepositoryFilesService = ReturnType<typeof createRepositoryFilesService>;
