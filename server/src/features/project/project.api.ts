import type { ProjectScript } from '@ferry/contract';
import type { RequestContext } from '../../core/http/context.js';
import type { GitRemote } from '../../infra/git/git-client.js';
import type { FtpRemote } from '../../infra/source-tree/ftp-source.js';
import type { SftpRemote } from '../../infra/source-tree/sftp-source.js';
import type { SvnRemote } from '../../infra/svn/svn-client.js';
import type { Bindings, ProjectRecord } from './project.repository.js';

export type { Bindings, ProjectRecord };

/** What the deploy, repository and webhook features may ask of projects. */
export interface ProjectAccess {
  /** A live project of the caller's namespace that they may read or deploy; else code 1. */
  readable(ctx: RequestContext, id: number): Promise<ProjectRecord>;
  /** A live project of the caller's namespace that they may configure (project page rules). */
  editable(ctx: RequestContext, id: number): Promise<ProjectRecord>;
  /** A live project of `namespaceId` (a queued job's), whoever asks. */
  findLive(id: number, namespaceId: number): Promise<ProjectRecord | undefined>;
  /** The projects of the caller's deploy page: every one, or those the caller is bound to. */
  deployList(ctx: RequestContext): Promise<ProjectRecord[]>;
  bindingsOf(ids: number[]): Promise<Map<number, Bindings>>;
  /** The stored scripts; a damaged value reads as empty stages. */
  script(project: ProjectRecord): ProjectScript;
  /**
   * How git reaches the project's repository, with its credentials in clear. SECURITY: for the
   * git client alone; `secret` is the token, for masking a log.
   */
  gitRemote(project: ProjectRecord): { remote: GitRemote; secret: string };
  /** How svn reaches a Subversion project's repository, its password in clear (svn client alone). */
  svnRemote(project: ProjectRecord): SvnRemote;
  /** An SFTP source's address and login, secrets in clear (for the SFTP source alone). */
  sftpRemote(project: ProjectRecord): SftpRemote;
  /** An FTP source's address and login, the password in clear (for the FTP source alone). */
  ftpRemote(project: ProjectRecord): FtpRemote;
  /** The notification channel, its address and signing secret in clear (for the notifier alone). */
  notifyChannel(project: ProjectRecord): { type: number; target: string; secret: string };
}
export { projectColumnsOf } from './project-columns.js';
export { parseScript } from './project.presenter.js';
