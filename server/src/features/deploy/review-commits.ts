import { hasHistory, REVIEW_CHANGES_SHOWN } from '@ferry/contract';
import { failed, invalid } from '../../core/errors.js';
import type { ChangedFile, CommitInfo, GitClient } from '../../infra/git/git-client.js';
import { GitError } from '../../infra/git/git-errors.js';
import { reportingGitFailures } from '../../infra/git/git-failure.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import type { SvnClient } from '../../infra/svn/svn-client.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';
import { liveCommitOf } from './live-commit.js';
import { createSvnReviewCommits } from './review-commits-svn.js';
import type { DeployStateStore } from './deploy-state.js';
import type { ReleaseRepository } from './release.repository.js';
import type { TraceRepository } from './trace.repository.js';

/** What approving a review would change (the contract's `getReviewChanges` answer). */
export interface ReviewChanges {
  commit: CommitInfo;
  live: CommitInfo | null;
  commits: CommitInfo[];
  dropped: CommitInfo[];
  files: ChangedFile[];
  truncated: boolean;
}

/** What a member asked to deploy: a commit id (any prefix git accepts), else a branch's head. */
export interface CommitAsked {
  commit: string;
  /** Without `origin/`. */
  branch: string;
  /** The member named the branch (else it is the project's). */
  branchNamed: boolean;
}

const FULL_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

const isBadRef = (e: unknown) => e instanceof GitError && e.reason === 'git_bad_ref';

/**
 * The commits of deploy reviews, read from the project's working copy under its lock: the commit
 * a review asks for, resolved when it is asked, and what it changes against the live release.
 */
export function createReviewCommits(deps: {
  git: GitClient;
  svn: SvnClient;
  copies: WorkingCopies;
  projects: Pick<ProjectAccess, 'gitRemote' | 'svnRemote' | 'bindingsOf'>;
  states: DeployStateStore;
  releases: ReleaseRepository;
  traces: Pick<TraceRepository, 'pullExts'>;
}) {
  const { git, copies, projects } = deps;
  const fetch = (row: ProjectRecord) =>
    git.fetch(copies.dirOf(row.id), projects.gitRemote(row).remote);

  /** One commit of the copy by ref; a ref git does not know is refused as the field that named it. */
  async function resolveIn(dir: string, ask: CommitAsked): Promise<CommitInfo> {
    try {
      const [found] = await git.log(dir, ask.commit || `origin/${ask.branch}`, 1);
      if (found) return found;
    } catch (e) {
      if (!isBadRef(e)) throw e;
    }
    if (ask.commit) throw invalid('commit', 'must be a commit of the project’s repository');
    if (ask.branchNamed) throw invalid('branch', 'must be a branch of the project’s repository');
    throw failed(`Branch ${ask.branch} does not exist in the repository`, 'git_bad_ref');
  }

  const liveCommitId = (row: ProjectRecord) => liveCommitOf(deps, row, FULL_ID);
  const svnCommits = createSvnReviewCommits(deps);

  /** The lists between `live` and `commit` (both present in the copy), each cut at its limit. */
  async function between(dir: string, live: string, commit: string) {
    const { commits: n, files: m } = REVIEW_CHANGES_SHOWN;
    const [ahead, behind, files] = await Promise.all([
      git.between(dir, live, commit, n + 1),
      git.between(dir, commit, live, n + 1),
      git.changedFiles(dir, live, commit),
    ]);
    return {
      commits: ahead.slice(0, n),
      dropped: behind.slice(0, n),
      files: files.slice(0, m),
      truncated: ahead.length > n || behind.length > n || files.length > m,
    };
  }

  return {
    /**
     * SECURITY: the commit a review asks for, resolved in the working copy after a fetch (so a
     * review never names "the branch head", which moves), handed to `record` before the copy's
     * lock is let go: two requests of one project are resolved and recorded one after the other.
     * A project without a repository has no commit: `record` gets undefined.
     */
    async requested<T>(
      row: ProjectRecord,
      ask: CommitAsked,
      record: (commit: CommitInfo | undefined) => Promise<T>,
    ): Promise<T> {
      return copies.withLock(row.id, async () => {
        if (!hasHistory(row.repo_type)) return record(undefined);
        if (row.repo_type === 'svn') return record(await svnCommits.resolve(row, ask));
        const commit = await reportingGitFailures(async () => {
          await fetch(row);
          return resolveIn(copies.dirOf(row.id), ask);
        });
        return record(commit);
      });
    },

    /**
     * What deploying `commit` (a full id, asked on `branch`) changes against the release live on
     * every server.
     */
    async changes(row: ProjectRecord, commit: string, branch: string): Promise<ReviewChanges> {
      if (row.repo_type === 'svn') return svnCommits.changes(row, commit, branch);
      const live = await liveCommitId(row);
      return reportingGitFailures(() =>
        copies.withLock(row.id, async () => {
          const dir = copies.dirOf(row.id);
          const read = async () => {
            const [asked, current] = await Promise.all([
              git.log(dir, commit, 1),
              live ? git.log(dir, live, 1) : [],
            ]);
            return {
              asked: { ...asked[0]!, branch },
              current: current[0] && { ...current[0], branch: '' },
            };
          };
          // A copy removed or re-cloned since the request: fetched once before giving up.
          if (!copies.exists(row.id)) await fetch(row);
          const found = await read().catch(async (e: unknown) => {
            if (!isBadRef(e)) throw e;
            await fetch(row);
            return read().catch((again: unknown) => {
              if (!isBadRef(again)) throw again;
              throw failed(
                'A commit of this review is no longer in the repository: its changes cannot be listed',
                'review_commit_gone',
              );
            });
          });
          if (!found.current) {
            return {
              commit: found.asked,
              live: null,
              commits: [],
              dropped: [],
              files: [],
              truncated: false,
            };
          }
          return {
            commit: found.asked,
            live: found.current,
            ...(await between(dir, found.current.commit, found.asked.commit)),
          };
        }),
      );
    },
  };
}

export type ReviewCommits = ReturnType<typeof createReviewCommits>;
