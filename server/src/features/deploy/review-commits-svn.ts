import { REVIEW_CHANGES_SHOWN, branchName } from '@ferry/contract';
import { failed, invalid } from '../../core/errors.js';
import type { CommitInfo } from '../../infra/git/git-client.js';
import { GitError } from '../../infra/git/git-errors.js';
import { reportingGitFailures } from '../../infra/git/git-failure.js';
import type { SvnClient } from '../../infra/svn/svn-client.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';
import type { DeployStateStore } from './deploy-state.js';
import { liveCommitOf } from './live-commit.js';
import type { ReleaseRepository } from './release.repository.js';
import type { CommitAsked, ReviewChanges } from './review-commits.js';
import type { TraceRepository } from './trace.repository.js';

const REVISION = /^r\d+$/;

const refusedRef = (e: unknown) =>
  e instanceof GitError && (e.reason === 'git_bad_ref' || e.reason === 'git_not_found');

const revisionNumber = (id: string) => Number(id.slice(1));

/**
 * The commits of a Subversion project's deploy reviews, asked of the repository: the revision a
 * review asks for (the last change of the branch at or before the revision named, else the
 * branch's head), and what deploying it changes against the revision the servers run.
 */
export function createSvnReviewCommits(deps: {
  svn: SvnClient;
  projects: Pick<ProjectAccess, 'svnRemote' | 'bindingsOf'>;
  states: DeployStateStore;
  releases: ReleaseRepository;
  traces: Pick<TraceRepository, 'pullExts'>;
}) {
  const { svn, projects } = deps;

  return {
    async resolve(row: ProjectRecord, ask: CommitAsked): Promise<CommitInfo> {
      const remote = projects.svnRemote(row);
      const found = await reportingGitFailures(async () => {
        try {
          const [c] = await svn.log(remote, ask.branch, 1, {
            ...(ask.commit ? { revision: ask.commit } : {}),
          });
          return c;
        } catch (e) {
          if (!refusedRef(e)) throw e;
          return undefined;
        }
      });
      if (found) return found;
      if (ask.commit) throw invalid('commit', 'must be a revision of the project’s repository');
      if (ask.branchNamed) throw invalid('branch', 'must be a branch of the project’s repository');
      throw failed(`Branch ${ask.branch} does not exist in the repository`, 'git_bad_ref');
    },

    /** What deploying revision `commit` of `branch` (`origin/<name>`) changes on the servers. */
    async changes(row: ProjectRecord, commit: string, branch: string): Promise<ReviewChanges> {
      const remote = projects.svnRemote(row);
      const name = branchName(branch);
      const live = await liveCommitOf(deps, row, REVISION);
      return reportingGitFailures(async () => {
        const [asked] = await svn.log(remote, name, 1, { revision: commit });
        if (!asked) {
          throw failed(
            'A revision of this review is no longer in the repository: its changes cannot be listed',
            'review_commit_gone',
          );
        }
        const current = live
          ? await svn
              .log(remote, name, 1, { revision: live })
              .then(([c]) => c && { ...c, branch: '' })
              .catch((e: unknown) => {
                if (refusedRef(e)) return undefined;
                throw e;
              })
          : undefined;
        const none = { commits: [], dropped: [], files: [], truncated: false };
        if (!current) return { commit: { ...asked, branch }, live: null, ...none };
        const { commits: n, files: m } = REVIEW_CHANGES_SHOWN;
        const forward = revisionNumber(asked.commit) >= revisionNumber(current.commit);
        const [ahead, behind, files] = await Promise.all([
          forward ? svn.between(remote, name, current.commit, asked.commit, n + 1) : [],
          forward ? [] : svn.between(remote, name, asked.commit, current.commit, n + 1),
          svn.changedFiles(remote, name, current.commit, asked.commit),
        ]);
        return {
          commit: { ...asked, branch },
          live: current,
          commits: ahead.slice(0, n),
          dropped: behind.slice(0, n),
          files: files.slice(0, m),
          truncated: ahead.length > n || behind.length > n || files.length > m,
        };
      });
    },
  };
}
