import { z } from 'zod';
import { idField, stringField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { refNameProblem } from '../project/git-names.js';
import { sftpEntry } from '../sftp/sftp-fields.js';
import { COPY_ROOT_RULE, copyPathProblem, normaliseCopyPath } from './repository-paths.js';

/** One commit as goploy shows it; `timestamp` in epoch seconds, `diff` the `--stat` text. */
export const commitInfo = z.object({
  branch: z.string(),
  commit: z.string(),
  author: z.string(),
  timestamp: z.number(),
  message: z.string(),
  tag: z.string(),
  diff: z.string(),
});

const readers = anyOf(Perm.ShowProjectPage, Perm.ShowDeployPage);

/** Fetches, then the remote branches newest first (`origin/main`, as goploy lists them). */
export const getBranchList = route({
  method: 'GET',
  path: '/repository/getBranchList',
  access: readers,
  input: z.object({ id: idField }),
  output: z.object({ list: z.array(z.string()) }),
});

const branchField = stringField()
  .trim()
  .superRefine((v, ctx) => {
    // goploy's clients send `origin/main`; the remote prefix is part of the name they pick.
    const problem = refNameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The last 50 commits of a branch, with author, time, message, tag and diff stat. */
export const getCommitList = route({
  method: 'GET',
  path: '/repository/getCommitList',
  access: readers,
  input: z.object({ id: idField, branch: branchField }),
  output: z.object({ list: z.array(commitInfo) }),
});

/** Fetches tags (pruning removed ones), then the 50 newest. */
export const getTagList = route({
  method: 'GET',
  path: '/repository/getTagList',
  access: readers,
  input: z.object({ id: idField }),
  output: z.object({ list: z.array(commitInfo) }),
});

/** A path inside the working copy, checked by `copyPathProblem` and normalised ('' = its root). */
export const copyPathField = stringField()
  .superRefine((v, ctx) => {
    const problem = copyPathProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseCopyPath);

/** A directory of the working copy; absent, '' or '/' is its root. */
const copyDirField = copyPathField.optional().default('');

/** A file (or directory) inside the working copy, never the copy itself. */
export const copyFileField = copyPathField.refine((v) => v !== '', COPY_ROOT_RULE);

const fileInput = z.object({
  id: idField,
  file: copyFileField,
});

/**
 * One entry of the working copy: the file manager's entry without the fields only a remote
 * server has (owner, group, mtime). A link is listed, never followed out of the copy: `isDir`
 * only for a link to a directory inside it.
 */
export const repositoryEntry = sftpEntry.pick({
  name: true,
  size: true,
  mode: true,
  modTime: true,
  isDir: true,
  isLink: true,
  linkTarget: true,
});

export type RepositoryEntry = z.infer<typeof repositoryEntry>;

/**
 * The repository browser (ManageRepository, 85) and the file compare dialog (FileCompare, 67)
 * read the console's working copy of a project, and nothing outside it: a path through a link
 * that leads out is refused with code 2 `path_outside_working_copy`; a project never cloned
 * answers code 2 `working_copy_missing`.
 */
const manages = anyOf(Perm.ManageRepository);

/** The entries of directory `dir` of the working copy, directories first, then by name. */
export const getFileList = route({
  method: 'GET',
  path: '/repository/getFileList',
  access: manages,
  input: z.object({ id: idField, dir: copyDirField }),
  output: z.object({ list: z.array(repositoryEntry) }),
});

/**
 * The file inline (not an envelope), typed by its extension as the file manager's preview is:
 * `Content-Security-Policy: sandbox`, `nosniff`, markup as plain text.
 */
export const previewFile = route({
  method: 'GET',
  path: '/repository/previewFile',
  access: manages,
  input: fileInput,
  output: z.null(),
  download: true,
});

/** The file as an attachment, streamed (not an envelope). */
export const downloadFile = route({
  method: 'GET',
  path: '/repository/downloadFile',
  access: manages,
  input: fileInput,
  output: z.null(),
  download: true,
});

/**
 * Removes a file, a link (not what it leads to) or a directory with all it holds. Never the
 * working copy itself, nor `.git` or anything in it (code 2 `git_dir_protected`).
 */
export const deleteFile = route({
  method: 'DELETE',
  path: '/repository/deleteFile',
  access: manages,
  input: fileInput,
  output: z.null(),
});

/**
 * goploy's file compare listing: the same entries as `getFileList`, of directory `path`, as a
 * bare array. Served by the repository feature, which owns the working copy.
 */
export const getReposFileList = route({
  method: 'GET',
  path: '/project/getReposFileList',
  access: anyOf(Perm.FileCompare),
  input: z.object({ id: idField, path: copyDirField }),
  output: z.array(repositoryEntry),
});
