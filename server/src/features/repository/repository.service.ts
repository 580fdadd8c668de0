import type { RequestContext } from '../../core/http/context.js';
import type { CommitInfo } from '../../infra/git/commit-log.js';
import type { GitClient } from '../../infra/git/git-client.js';
import { GitError } from '../../infra/git/git-errors.js';
import { reportingGitFailures } from '../../infra/git/git-failure.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';

const COMMITS_SHOWN = 50;
const TAGS_SHOWN = 50;

/** goploy's clients name remote branches `origin/<name>`; a bare name means the same. */
const remoteRef = (branch: string) => (branch.startsWith('origin/') ? branch : `origin/${branch}`);

/**
 * Branches, commits and tags of a project, read from its working copy: cloned on first use,
 * fetched when the branch or tag list is asked for.
 */
export function createRepositoryService(deps: {
  projects: ProjectAccess;
  git: GitClient;
  copies: WorkingCopies;
}) {
  const { projects, git, copies } = deps;

  const fetch = (p: ProjectRecord) => git.fetch(copies.dirOf(p.id), projects.gitRemote(p).remote);

  /** Runs `work` on the project's copy under its lock, cloning it first when missing. */
  function onCopy<T>(p: ProjectRecord, refresh: boolean, work: (dir: string) => Promise<T>) {
    return reportingGitFailures(() =>
      copies.withLock(p.id, async () => {
        if (refresh || !copies.exists(p.id)) await fetch(p);
        return work(copies.dirOf(p.id));
      }),
    );
  }

  return {
    async branches(ctx: RequestContext, id: number): Promise<string[]> {
      const p = await projects.readable(ctx, id);
      if (p.repo_type === 'empty') return ['virtual'];
      return onCopy(p, true, (dir) => git.remoteBranches(dir));
    },

    /** A branch fetched since the last look is fetched once more before giving up. */
    async commits(ctx: RequestContext, id: number, branch: string): Promise<CommitInfo[]> {
      const p = await projects.readable(ctx, id);
      if (p.repo_type === 'empty') return [];
      const ref = remoteRef(branch);
      const read = async (dir: string) =>
        (await git.log(dir, ref, COMMITS_SHOWN)).map((c) => ({ ...c, branch }));
      return onCopy(p, false, async (dir) => {
        try {
          return await read(dir);
        } catch (e) {
          if (!(e instanceof GitError) || e.reason !== 'git_bad_ref') throw e;
          await fetch(p);
          return read(dir);
        }
      });
    },

    async tags(ctx: RequestContext, id: number): Promise<CommitInfo[]> {
      const p = await projects.readable(ctx, id);
      if (p.repo_type === 'empty') return [];
      return onCopy(p, true, (dir) => git.tags(dir, TAGS_SHOWN));
    },
  };
}

export type RepositoryService = ReturnType<typeof createRepositoryService>;
