import { branchName, hasHistory } from '@ferry/contract';
import type { RequestContext } from '../../core/http/context.js';
import type { CommitInfo } from '../../infra/git/commit-log.js';
import type { GitClient } from '../../infra/git/git-client.js';
import { GitError } from '../../infra/git/git-errors.js';
import { reportingGitFailures } from '../../infra/git/git-failure.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import type { SvnClient } from '../../infra/svn/svn-client.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';

const COMMITS_SHOWN = 50;
const TAGS_SHOWN = 50;

/** goploy's clients name remote branches `origin/<name>`; a bare name means the same. */
const remoteRef = (branch: string) => (branch.startsWith('origin/') ? branch : `origin/${branch}`);

/**
 * Branches, commits and tags of a project. A git project's are read from its working copy: cloned
 * on first use, fetched when the branch or tag list is asked for. A Subversion project's are asked
 * of the repository (svn keeps history on the server); its branches are named like git's
 * (`origin/<name>`), so goploy's clients read them alike.
 */
export function createRepositoryService(deps: {
  projects: ProjectAccess;
  git: GitClient;
  svn: SvnClient;
  copies: WorkingCopies;
}) {
  const { projects, git, svn, copies } = deps;

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
      if (!hasHistory(p.repo_type)) return ['virtual'];
      if (p.repo_type === 'svn') {
        const names = await reportingGitFailures(() => svn.branches(projects.svnRemote(p)));
        return names.map(remoteRef);
      }
      return onCopy(p, true, (dir) => git.remoteBranches(dir));
    },

    /** A branch fetched since the last look is fetched once more before giving up. */
    async commits(ctx: RequestContext, id: number, branch: string): Promise<CommitInfo[]> {
      const p = await projects.readable(ctx, id);
      if (!hasHistory(p.repo_type)) return [];
      if (p.repo_type === 'svn') {
        const name = branchName(branch);
        const log = await reportingGitFailures(() =>
          svn.log(projects.svnRemote(p), name, COMMITS_SHOWN),
        );
        return log.map((c) => ({ ...c, branch }));
      }
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
      if (!hasHistory(p.repo_type)) return [];
      if (p.repo_type === 'svn') {
        return reportingGitFailures(() => svn.tags(projects.svnRemote(p), TAGS_SHOWN));
      }
      return onCopy(p, true, (dir) => git.tags(dir, TAGS_SHOWN));
    },
  };
}

export type RepositoryService = ReturnType<typeof createRepositoryService>;
