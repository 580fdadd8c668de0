import { z } from 'zod';
import { idField, stringField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { refNameProblem } from '../project/git-names.js';

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
