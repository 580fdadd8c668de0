import { z } from 'zod';
import {
  flagField,
  idListField,
  intField,
  optionalLine,
  optionalText,
  stringField,
  textField,
} from '../../fields.js';
import { parseArgv } from './argv.js';
import { deployPathProblem, symlinkPathProblem } from './deploy-paths.js';
import { refNameProblem, svnBranchProblem } from './git-names.js';
import {
  CUSTOM_VARIABLE_TYPES,
  DEPLOY_SERVER_MODES,
  MAX_PARALLEL_SERVERS,
  MAX_RELEASES_KEPT,
  PROJECT_DEFAULTS,
  REPO_AUTH_TYPES,
  REPO_TYPES,
  SCRIPT_MODES,
  TIMEOUT_LIMITS,
  TRANSFER_TYPES,
  VARIABLE_NAME,
} from './project-constants.js';
import { FTP_URL_RULES } from './ftp-url.js';

/** An SFTP address naming a key file has that file for its credential. */
export const SFTP_KEY_FILE_AUTH = 'must be none when the address names a key file (--keyFile=)';
import { authTypesOf, parseRepoUrl } from './repo-url.js';

const oneOf = (values: readonly (string | number)[]) => `must be one of ${values.join(', ')}`;

/** A script of one stage; an empty mode means bash. */
const stageScript = z
  .object({
    mode: z
      .enum(['', ...SCRIPT_MODES], oneOf(SCRIPT_MODES))
      .optional()
      .default(''),
    content: z
      .string('must be a string')
      .max(65_536, 'must be at most 65536 characters')
      .optional()
      .default(''),
  })
  .optional()
  .default({ mode: '', content: '' });

export const customVariable = z.object({
  name: stringField()
    .trim()
    .regex(VARIABLE_NAME, 'must be upper-case letters, digits and _, not starting with a digit')
    .max(64, 'must be at most 64 characters'),
  value: optionalText(4096),
  type: z.enum(CUSTOM_VARIABLE_TYPES, oneOf(CUSTOM_VARIABLE_TYPES)).optional().default('string'),
});

export const projectScript = z
  .object({
    afterPull: stageScript,
    afterDeploy: stageScript,
    deployFinish: stageScript,
    customVariables: z
      .array(customVariable, 'must be a list')
      .max(100, 'must hold at most 100 variables')
      .optional()
      .default([])
      .refine(
        (vars) => new Set(vars.map((v) => v.name)).size === vars.length,
        'must not name a variable twice',
      ),
  })
  .optional()
  .default({
    afterPull: { mode: '', content: '' },
    afterDeploy: { mode: '', content: '' },
    deployFinish: { mode: '', content: '' },
    customVariables: [],
  });

export type ProjectScript = z.output<typeof projectScript>;

/** Comma-separated labels, trimmed, without empties or repeats. */
const labelField = optionalLine(4096).transform((v) =>
  [
    ...new Set(
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].join(','),
);

export const httpUrlField = optionalText(2048).refine(
  (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
  'must be an http:// or https:// address',
);

const timeoutField = (fallback: number) =>
  intField(TIMEOUT_LIMITS.min, TIMEOUT_LIMITS.max).optional().default(fallback);

/** The repository part: also the input of pingRepos and getRemoteBranchList. */
export const repositoryFields = {
  repoType: z.enum(REPO_TYPES, oneOf(REPO_TYPES)).optional().default('git'),
  url: optionalText(1024),
  repoAuthType: z.enum(REPO_AUTH_TYPES, oneOf(REPO_AUTH_TYPES)).optional().default('none'),
  repoUsername: optionalLine(255),
  /** Write-only: empty on edit keeps the stored token (for the same host only). */
  repoToken: optionalText(4096),
  /** Write-only: an unencrypted OpenSSH or PEM private key. */
  repoPrivateKey: optionalText(16_384),
  /** An FTPS source's certificate is not checked (1), where the project asks for it; else 0. */
  repoTlsSkipVerify: flagField.optional().default(0),
};

type Issue = { path: string; message: string };
type RepositoryInput = { repoType: string; url: string; repoAuthType: string };

/** The repository rules that tie fields together; each problem names its field. */
export function repositoryProblems(v: RepositoryInput): Issue[] {
  if (v.repoType === 'empty') return [];
  const parsed = parseRepoUrl(v.url, v.repoType);
  if ('problem' in parsed) return [{ path: 'url', message: parsed.problem }];
  const allowed = authTypesOf(parsed);
  if (!allowed.includes(v.repoAuthType)) {
    const message =
      parsed.kind === 'http' && v.repoAuthType === 'token'
        ? 'token would travel in clear text over http://: use https://'
        : 'keyFile' in parsed && parsed.keyFile
          ? SFTP_KEY_FILE_AUTH
          : `must be one of ${allowed.join(', ')} for a ${parsed.kind} address`;
    return [{ path: 'repoAuthType', message }];
  }
  if (
    (parsed.kind === 'ftp' || parsed.kind === 'ftps') &&
    v.repoAuthType === 'token' &&
    !parsed.user
  ) {
    return [{ path: 'url', message: FTP_URL_RULES.needUser }];
  }
  return [];
}

export const projectFormFields = {
  name: textField(1, 255),
  ...repositoryFields,
  label: labelField,
  path: stringField().trim().max(1024, 'must be at most 1024 characters'),
  environment: intField(1, 4),
  branch: optionalText(255),
  symlinkPath: optionalText(1024),
  symlinkBackupNumber: intField(1, MAX_RELEASES_KEPT)
    .optional()
    .default(PROJECT_DEFAULTS.symlinkBackupNumber),
  review: flagField.optional().default(0),
  reviewURL: httpUrlField,
  script: projectScript,
  transferType: z.enum(TRANSFER_TYPES, oneOf(TRANSFER_TYPES)).optional().default('rsync'),
  transferOption: optionalText(4096),
  deployServerMode: z
    .enum(DEPLOY_SERVER_MODES, oneOf(DEPLOY_SERVER_MODES))
    .optional()
    .default('parallel'),
  serverIds: idListField.optional().default([]),
  userIds: idListField.optional().default([]),
  notifyType: intField(0, 255)
    .refine((n) => [0, 1, 2, 3, 255].includes(n), 'must be one of 0, 1, 2, 3, 255')
    .optional()
    .default(0),
  /** On edit, the masked address the list answered keeps the stored one. */
  notifyTarget: httpUrlField,
  /**
   * Write-only: the channel's signing secret (DingTalk, Feishu; custom webhooks get an HMAC
   * header). Empty keeps the stored one while the channel stays the same.
   */
  notifySecret: optionalText(512),
  buildTimeout: timeoutField(PROJECT_DEFAULTS.buildTimeout),
  transferTimeout: timeoutField(PROJECT_DEFAULTS.transferTimeout),
  afterDeployTimeout: timeoutField(PROJECT_DEFAULTS.afterDeployTimeout),
  maxParallelServers: intField(1, MAX_PARALLEL_SERVERS)
    .optional()
    .default(PROJECT_DEFAULTS.maxParallelServers),
};

type FormInput = RepositoryInput & {
  path: string;
  branch: string;
  symlinkPath: string;
  transferOption: string;
  notifyType: number;
  notifyTarget: string;
};

/** The rules of the whole form that tie fields together. */
export function projectFormProblems(v: FormInput): Issue[] {
  const issues = repositoryProblems(v);
  const pathProblem = deployPathProblem(v.path);
  if (pathProblem) issues.push({ path: 'path', message: pathProblem });
  if (v.repoType === 'git' || v.repoType === 'svn' || v.branch !== '') {
    const branchProblem = (v.repoType === 'svn' ? svnBranchProblem : refNameProblem)(v.branch);
    if (branchProblem) issues.push({ path: 'branch', message: branchProblem });
  }
  if (v.symlinkPath !== '' && !pathProblem) {
    const problem = symlinkPathProblem(v.symlinkPath, v.path);
    if (problem) issues.push({ path: 'symlinkPath', message: problem });
  }
  const argv = parseArgv(v.transferOption);
  if ('problem' in argv) {
    issues.push({ path: 'transferOption', message: `must parse as arguments: ${argv.problem}` });
  }
  if (v.notifyType !== 0 && v.notifyTarget === '') {
    issues.push({ path: 'notifyTarget', message: 'must not be empty when a notification is set' });
  }
  return issues;
}

/** Adds the cross-field problems to a zod object as issues on their fields. */
export function withProblems<T extends z.ZodType>(schema: T, check: (v: z.output<T>) => Issue[]) {
  return schema.superRefine((v, ctx) => {
    for (const issue of check(v)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
}
