import { branchName } from '@ferry/contract';
import type { CommitInfo, GitClient } from '../../infra/git/git-client.js';
import type { FtpSources } from '../../infra/source-tree/ftp-source.js';
import type { SftpSources } from '../../infra/source-tree/sftp-source.js';
import type { MirrorResult } from '../../infra/source-tree/tree-mirror.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import type { SvnClient } from '../../infra/svn/svn-client.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';
import type { StageOutput } from './deploy-log.js';

/** What a deploy asks of the repository: a ref (a commit or revision, or `origin/<branch>`). */
interface SourceAsk {
  ref: string;
  /** `origin/<name>`; none for a rollback of a deploy recorded without one. */
  branch?: string | undefined;
}

/** Changed paths listed in an SFTP pull's commit, at most. */
const CHANGES_LISTED = 100;

/**
 * Makes the project's working copy `dir` what the deploy asks and answers the commit it holds:
 * git fetches (unless the ref is a commit id the working copy holds) and checks out the ref;
 * Subversion checks out the branch ("master" being the trunk) at the revision asked
 * (`r<number>`), or at its head; an SFTP source is mirrored as it is now, its commit being the
 * tree's digest on goploy's "virtual" branch; an FTP source alike.
 */
export async function checkoutSource(
  deps: {
    git: GitClient;
    svn: SvnClient;
    sftpSources: SftpSources;
    copies: Pick<WorkingCopies, 'sourceManifestOf'>;
    ftpSources: FtpSources;
    projects: Pick<ProjectAccess, 'gitRemote' | 'svnRemote' | 'sftpRemote' | 'ftpRemote'>;
  },
  row: ProjectRecord,
  ask: SourceAsk,
  dir: string,
  out: StageOutput,
  o: { signal: AbortSignal; timeoutMs: number },
): Promise<CommitInfo> {
  if (row.repo_type === 'sftp' || row.repo_type === 'ftp')
    return mirrorInto(deps, row, dir, out, o);
  if (row.repo_type === 'svn') {
    const branch = branchName(ask.branch ?? '') || 'master';
    const revision = /^r\d+$/.test(ask.ref) ? ask.ref : undefined;
    out.note(`$ svn checkout ${row.url} (${branch}${revision ? ` at ${revision}` : ''})`);
    return deps.svn.checkout(dir, deps.projects.svnRemote(row), { branch, revision }, o);
  }
  // A commit asked by its id that the working copy holds (a push the webhook has just fetched to
  // judge, a rollback) is checked out as it is: a fetch would bring nothing it needs.
  if (await deps.git.hasCommit(dir, ask.ref, o)) {
    out.note(`${ask.ref} is in the working copy already: no fetch`);
  } else {
    out.note(`$ git fetch ${row.url}`);
    await deps.git.fetch(dir, deps.projects.gitRemote(row).remote, o);
  }
  out.note(`$ git checkout ${ask.ref}`);
  return deps.git.checkout(dir, ask.ref, o);
}

/** Mirrors an SFTP or FTP source's folder into `dir`; answers the tree as a commit. */
async function mirrorInto(
  deps: Parameters<typeof checkoutSource>[0],
  row: ProjectRecord,
  dir: string,
  out: StageOutput,
  o: { signal: AbortSignal; timeoutMs: number },
): Promise<CommitInfo> {
  const mirror = {
    signal: AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs)]),
    log: (line: string) => out.note(line),
  };
  const manifest = deps.copies.sourceManifestOf(row.id);
  let result: MirrorResult;
  let user: string;
  if (row.repo_type === 'sftp') {
    const remote = deps.projects.sftpRemote(row);
    user = remote.user;
    out.note(`$ sftp ${user}@${remote.host}:${remote.port} ${remote.path}`);
    result = await deps.sftpSources.mirror(remote, dir, manifest, mirror);
  } else {
    const remote = deps.projects.ftpRemote(row);
    user = remote.user || 'anonymous';
    const scheme = remote.secure ? 'ftps' : 'ftp';
    out.note(`$ ${scheme} ${user}@${remote.host}:${remote.port} ${remote.path}`);
    result = await deps.ftpSources.mirror(remote, dir, manifest, mirror);
  }
  out.note(`fetched ${result.fetchedFiles} files (${result.fetchedBytes} bytes)`);
  return mirroredCommit(result, user);
}

/** What an SFTP or FTP pull brought, as a commit: the tree's digest and what changed since the last. */
function mirroredCommit(result: MirrorResult, user: string): CommitInfo {
  const changes = [
    ...result.added.map((p) => `A ${p}`),
    ...result.updated.map((p) => `M ${p}`),
    ...result.removed.map((p) => `D ${p}`),
  ];
  const more = changes.length - CHANGES_LISTED;
  return {
    branch: 'virtual',
    commit: result.digest.slice(0, 40),
    author: user,
    timestamp: result.newest,
    message:
      `${result.files} files: ${result.added.length} added, ` +
      `${result.updated.length} changed, ${result.removed.length} removed`,
    tag: '',
    diff: [...changes.slice(0, CHANGES_LISTED), ...(more > 0 ? [`… ${more} more`] : [])].join('\n'),
  };
}
