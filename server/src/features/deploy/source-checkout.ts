import { branchName } from '@ferry/contract';
import type { CommitInfo, GitClient } from '../../infra/git/git-client.js';
import type { SvnClient } from '../../infra/svn/svn-client.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';
import type { StageOutput } from './deploy-log.js';

/** What a deploy asks of the repository: a ref (a commit or revision, or `origin/<branch>`). */
interface SourceAsk {
  ref: string;
  /** `origin/<name>`; none for a rollback of a deploy recorded without one. */
  branch?: string | undefined;
}

/**
 * Makes the project's working copy `dir` what the deploy asks and answers the commit it holds:
 * git fetches and checks out the ref; Subversion checks out the branch ("master" being the trunk)
 * at the revision asked (`r<number>`), or at its head.
 */
export async function checkoutSource(
  deps: {
    git: GitClient;
    svn: SvnClient;
    projects: Pick<ProjectAccess, 'gitRemote' | 'svnRemote'>;
  },
  row: ProjectRecord,
  ask: SourceAsk,
  dir: string,
  out: StageOutput,
  o: { signal: AbortSignal; timeoutMs: number },
): Promise<CommitInfo> {
  if (row.repo_type === 'svn') {
    const branch = branchName(ask.branch ?? '') || 'master';
    const revision = /^r\d+$/.test(ask.ref) ? ask.ref : undefined;
    out.note(`$ svn checkout ${row.url} (${branch}${revision ? ` at ${revision}` : ''})`);
    return deps.svn.checkout(dir, deps.projects.svnRemote(row), { branch, revision }, o);
  }
  out.note(`$ git fetch ${row.url}`);
  await deps.git.fetch(dir, deps.projects.gitRemote(row).remote, o);
  out.note(`$ git checkout ${ask.ref}`);
  return deps.git.checkout(dir, ask.ref, o);
}
