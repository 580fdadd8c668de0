import {
  FTP_URL_RULES,
  REF_NAME_RULE,
  SFTP_URL_RULES,
  SVN_BRANCH_RULE,
} from '@ferry/contract/client';

/**
 * The keys (under `project:rule`) of the contract's problem texts: the browser checks a field
 * with the server's own helpers and says what is wrong in the user's language.
 */
const KEYS: Record<string, RuleKey> = {
  'must not be empty': 'required',
  'must not contain spaces': 'urlSpaces',
  'must be file:// followed by an absolute path': 'urlFile',
  'must not contain a password: enter the token as the credential instead': 'urlPassword',
  'must name a repository after the host': 'urlNoRepo',
  'must be an absolute path': 'pathAbsolute',
  'must not contain . or .. segments': 'pathDots',
  'must not contain control characters': 'pathControl',
  'must not be the root directory': 'pathRoot',
  'must not be the deploy path or inside it': 'symlinkInside',
  'must not contain the deploy path': 'symlinkContains',
  [REF_NAME_RULE]: 'branch',
  [SVN_BRANCH_RULE]: 'svnBranch',
  'must not be svn+ssh://: use svn://, https:// or file://': 'urlSvnSsh',
  [SFTP_URL_RULES.rule]: 'urlSftpRule',
  [SFTP_URL_RULES.keyFile]: 'urlSftpKeyFile',
  [SFTP_URL_RULES.password]: 'urlSftpPassword',
  [SFTP_URL_RULES.user]: 'urlSftpUser',
  [SFTP_URL_RULES.noPath]: 'urlSftpNoPath',
  [SFTP_URL_RULES.path]: 'urlSftpPath',
  [FTP_URL_RULES.rule]: 'urlFtpRule',
  [FTP_URL_RULES.user]: 'urlFtpUser',
  [FTP_URL_RULES.path]: 'urlFtpPath',
  [FTP_URL_RULES.needUser]: 'urlFtpNeedUser',
  'must not end with a backslash': 'argvBackslash',
  'has an unterminated double quote': 'argvDoubleQuote',
  'has an unterminated single quote': 'argvSingleQuote',
};

export type RuleKey =
  | 'required'
  | 'tooLong'
  | 'urlSpaces'
  | 'urlFile'
  | 'urlPassword'
  | 'urlNoRepo'
  | 'urlRule'
  | 'urlSvnRule'
  | 'urlSvnSsh'
  | 'urlSftpRule'
  | 'urlSftpKeyFile'
  | 'urlSftpPassword'
  | 'urlSftpUser'
  | 'urlSftpNoPath'
  | 'urlSftpPath'
  | 'urlFtpRule'
  | 'urlFtpUser'
  | 'urlFtpPath'
  | 'urlFtpNeedUser'
  | 'svnBranch'
  | 'pathAbsolute'
  | 'pathDots'
  | 'pathControl'
  | 'pathRoot'
  | 'symlinkInside'
  | 'symlinkContains'
  | 'branch'
  | 'argv'
  | 'argvBackslash'
  | 'argvDoubleQuote'
  | 'argvSingleQuote';

/**
 * The key of a problem text; `fallback` for one without its own (a new rule of the contract
 * still shows a sensible message).
 */
export function ruleKey(problem: string, fallback: RuleKey): RuleKey {
  if (problem.startsWith('must be at most')) return 'tooLong';
  return KEYS[problem] ?? fallback;
}
