/** The zod-free project helpers both sides use: constants, address and name rules, argv. */
export * from './project-constants.js';
export { parseArgv } from './argv.js';
export { deployPathProblem, isSameOrInside, symlinkPathProblem } from './deploy-paths.js';
export {
  branchName,
  REF_NAME_RULE,
  refNameProblem,
  SVN_BRANCH_RULE,
  svnBranchProblem,
} from './git-names.js';
export {
  authTypesFor,
  authTypesOf,
  defaultPort,
  parseRepoUrl,
  repoOrigin,
  repoUrlProblem,
} from './repo-url.js';
export type { RepoUrl, RepoUrlKind } from './repo-url.js';
export { parseSftpUrl, SFTP_URL_RULES } from './sftp-url.js';
export type { SftpUrl } from './sftp-url.js';
export { FTP_URL_RULES, parseFtpUrl, withoutFtpPassword } from './ftp-url.js';
