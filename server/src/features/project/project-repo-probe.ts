import { hasHistory, type RepoAuthType } from '@ferry/contract';
import type { SecretBox } from '../../core/crypto.js';
import type { RequestContext } from '../../core/http/context.js';
import type { GitClient } from '../../infra/git/git-client.js';
import type { FtpSources } from '../../infra/source-tree/ftp-source.js';
import type { SftpSources } from '../../infra/source-tree/sftp-source.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import type { SvnClient } from '../../infra/svn/svn-client.js';
import type { KnownHosts } from '../../infra/git/known-hosts.js';
import { reportingGitFailures } from '../../infra/git/git-failure.js';
import {
  accessFromInput,
  accessFromRow,
  assertOutsideDataDir,
  assertUsableKeyFile,
  ftpRemoteOf,
  gitRemoteOf,
  sftpRemoteOf,
  svnRemoteOf,
  type RepoAccess,
} from './project-credentials.js';
import { repoHostKeys } from './project-fields.js';
import type { ProjectScope } from './project-scope.js';

interface ProbeInput {
  id?: number | undefined;
  repoType: string;
  url: string;
  repoAuthType: RepoAuthType;
  repoUsername: string;
  repoToken: string;
  repoPrivateKey: string;
  repoTlsSkipVerify?: number | undefined;
}

/**
 * The form's "test repository" and branch picker: asks the remote directly, before anything is
 * saved. With `id`, empty secrets come from that project (same host only, as on edit).
 */
export function createRepoProbe(deps: {
  scope: ProjectScope;
  box: SecretBox;
  git: GitClient;
  svn: SvnClient;
  sftpSources: SftpSources;
  ftpSources: FtpSources;
  keyFiles: KeyFiles;
  knownHosts: KnownHosts;
  dataDir: string;
}) {
  const { scope, box, git, svn, knownHosts } = deps;

  async function accessOf(ctx: RequestContext, input: ProbeInput): Promise<RepoAccess> {
    assertOutsideDataDir(input.url, deps.dataDir);
    assertUsableKeyFile(input, deps.keyFiles);
    const stored = input.id ? accessFromRow(await scope.editable(ctx, input.id), box) : undefined;
    return accessFromInput(input, stored);
  }

  return {
    /**
     * Lists the heads (git) or reads the repository's root (svn) once; a first contact over ssh
     * records the host key, shown in the answer.
     */
    async ping(ctx: RequestContext, input: ProbeInput): Promise<{ hostKey: string }> {
      if (input.repoType === 'empty') return { hostKey: '' };
      const access = await accessOf(ctx, input);
      if (input.repoType === 'svn') {
        await reportingGitFailures(() => svn.ping(svnRemoteOf(access)));
        return { hostKey: '' };
      }
      if (input.repoType === 'ftp') {
        await deps.ftpSources.ping(ftpRemoteOf(access));
        return { hostKey: '' };
      }
      if (input.repoType === 'sftp') {
        await deps.sftpSources.ping(sftpRemoteOf(access, deps.keyFiles));
        return { hostKey: repoHostKeys(input.url, input.repoType, knownHosts).trusted };
      }
      await reportingGitFailures(() => git.lsRemoteHeads(gitRemoteOf(access)));
      return { hostKey: repoHostKeys(input.url, input.repoType, knownHosts).trusted };
    },

    /** Branch names; a Subversion repository's are master (its trunk) and its branches. */
    async remoteBranches(ctx: RequestContext, input: ProbeInput): Promise<string[]> {
      if (!hasHistory(input.repoType)) return ['virtual'];
      const access = await accessOf(ctx, input);
      if (input.repoType === 'svn')
        return reportingGitFailures(() => svn.branches(svnRemoteOf(access)));
      return reportingGitFailures(() => git.lsRemoteHeads(gitRemoteOf(access)));
    },
  };
}

export type RepoProbe = ReturnType<typeof createRepoProbe>;
