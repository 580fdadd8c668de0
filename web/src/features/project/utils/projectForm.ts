import {
  DEFAULT_RSYNC_OPTION,
  hasHistory,
  isMaskedNotifyTarget,
  PROJECT_DEFAULTS,
  SCRIPT_MODES,
  TRANSFER_TYPES,
  type CustomVariableType,
  type DeployServerMode,
  type RepoAuthType,
  type RepoType,
  type ScriptMode,
  type TransferType,
} from '@ferry/contract/client';
import { splitLabels } from '../../../ui/splitLabels';
import { joinLabels } from './labels';
import type { ProjectInput, ProjectRow, RepositoryInput } from './ProjectRow';

/** Add a new project, edit a stored one, or add a copy of one. */
export type FormMode = 'add' | 'edit' | 'copy';

export const SCRIPT_STAGES = ['afterPull', 'afterDeploy', 'deployFinish'] as const;
export type ScriptStage = (typeof SCRIPT_STAGES)[number];

export interface StageValues {
  mode: ScriptMode;
  content: string;
}

export interface CustomVariableValues {
  name: string;
  type: CustomVariableType;
  /** For a list: the options, comma-separated; the first is the default. */
  value: string;
}

export interface ProjectFormValues {
  name: string;
  environment?: number;
  labels: string[];
  path: string;
  symlink: boolean;
  symlinkPath: string;
  symlinkBackupNumber: number;
  review: boolean;
  reviewURL: string;
  repoType: RepoType;
  url: string;
  repoAuthType: RepoAuthType;
  repoUsername: string;
  repoToken: string;
  repoPrivateKey: string;
  /** An FTPS source's certificate is not checked. */
  repoTlsSkipVerify: boolean;
  branch: string;
  serverIds: number[];
  deployServerMode: DeployServerMode;
  maxParallelServers: number;
  userIds: number[];
  script: Record<ScriptStage, StageValues> & { customVariables: CustomVariableValues[] };
  notifyType: number;
  notifyTarget: string;
  /** Write-only: never filled from the row; empty keeps the stored one while the channel stays. */
  notifySecret: string;
  transferType: TransferType;
  transferOption: string;
  buildTimeout: number;
  transferTimeout: number;
  afterDeployTimeout: number;
}

/** A stored mode, or bash for an empty or unknown one (the server runs empty as bash). */
const modeOf = (mode: string): ScriptMode =>
  (SCRIPT_MODES as readonly string[]).includes(mode) ? (mode as ScriptMode) : 'bash';

const transferOf = (type: string): TransferType =>
  (TRANSFER_TYPES as readonly string[]).includes(type) ? (type as TransferType) : 'rsync';

const emptyStage = (): StageValues => ({ mode: 'bash', content: '' });

/** A new project's form: the contract's defaults and the rsync options goploy proposes. */
export function blankFormValues(): ProjectFormValues {
  return {
    name: '',
    labels: [],
    path: '',
    symlink: false,
    symlinkPath: '',
    symlinkBackupNumber: PROJECT_DEFAULTS.symlinkBackupNumber,
    review: false,
    reviewURL: '',
    repoType: 'git',
    url: '',
    repoAuthType: 'none',
    repoUsername: '',
    repoToken: '',
    repoPrivateKey: '',
    repoTlsSkipVerify: false,
    branch: '',
    serverIds: [],
    deployServerMode: 'parallel',
    maxParallelServers: PROJECT_DEFAULTS.maxParallelServers,
    userIds: [],
    script: {
      afterPull: emptyStage(),
      afterDeploy: emptyStage(),
      deployFinish: emptyStage(),
      customVariables: [],
    },
    notifyType: 0,
    notifyTarget: '',
    notifySecret: '',
    transferType: 'rsync',
    transferOption: DEFAULT_RSYNC_OPTION,
    buildTimeout: PROJECT_DEFAULTS.buildTimeout,
    transferTimeout: PROJECT_DEFAULTS.transferTimeout,
    afterDeployTimeout: PROJECT_DEFAULTS.afterDeployTimeout,
  };
}

/**
 * The form's starting values: blank for a new project, else the row's. Secrets are never in a
 * row, so their fields start empty (on edit, empty keeps the stored one; a copy has none). The
 * notify address arrives masked: on edit the mask keeps it, a copy starts without it.
 */
export function formValuesOf(
  row: ProjectRow | undefined,
  mode: FormMode,
  copyName: (name: string) => string,
): ProjectFormValues {
  if (!row || mode === 'add') return blankFormValues();
  const s = row.script;
  return {
    ...blankFormValues(),
    name: mode === 'copy' ? copyName(row.name) : row.name,
    environment: row.environment || undefined,
    labels: splitLabels(row.label),
    path: row.path,
    symlink: row.symlinkPath !== '',
    symlinkPath: row.symlinkPath,
    symlinkBackupNumber: row.symlinkBackupNumber || PROJECT_DEFAULTS.symlinkBackupNumber,
    review: row.review === 1,
    reviewURL: row.reviewURL,
    repoType: row.repoType,
    url: row.url,
    repoAuthType: row.repoAuthType,
    repoUsername: row.repoUsername,
    repoTlsSkipVerify: row.repoTlsSkipVerify === 1,
    branch: row.branch,
    serverIds: [...row.serverIds],
    deployServerMode: row.deployServerMode === 'serial' ? 'serial' : 'parallel',
    maxParallelServers: row.maxParallelServers,
    userIds: [...row.userIds],
    script: {
      afterPull: { mode: modeOf(s.afterPull.mode), content: s.afterPull.content },
      afterDeploy: { mode: modeOf(s.afterDeploy.mode), content: s.afterDeploy.content },
      deployFinish: { mode: modeOf(s.deployFinish.mode), content: s.deployFinish.content },
      customVariables: s.customVariables.map((v) => ({
        name: v.name,
        type: v.type ?? 'string',
        value: v.value ?? '',
      })),
    },
    notifyType: row.notifyType,
    // A masked address keeps the stored one only for the project itself: a copy needs it typed.
    notifyTarget: mode === 'copy' && isMaskedNotifyTarget(row.notifyTarget) ? '' : row.notifyTarget,
    transferType: transferOf(row.transferType),
    transferOption: row.transferOption,
    buildTimeout: row.buildTimeout,
    transferTimeout: row.transferTimeout,
    afterDeployTimeout: row.afterDeployTimeout,
  };
}

/** A list variable's options tidied: trimmed, without empties; the first stays the default. */
export function listOptions(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The repository part of a request. Only the chosen credential's fields go; an empty secret is
 * left out, which on edit (and in a test with the project's `id`) keeps the stored one.
 */
export function repositoryInput(v: ProjectFormValues): Omit<RepositoryInput, 'id'> {
  if (v.repoType === 'empty') return { repoType: 'empty', url: '', repoAuthType: 'none' };
  const out: Omit<RepositoryInput, 'id'> = {
    repoType: v.repoType,
    url: v.url.trim(),
    repoAuthType: v.repoAuthType,
  };
  if (v.repoAuthType === 'token') {
    out.repoUsername = v.repoUsername.trim();
    if (v.repoToken.trim()) out.repoToken = v.repoToken.trim();
  }
  if (v.repoAuthType === 'key' && v.repoPrivateKey.trim()) out.repoPrivateKey = v.repoPrivateKey;
  if (v.repoType === 'ftp' && v.repoTlsSkipVerify) out.repoTlsSkipVerify = 1;
  return out;
}

/** The channels that sign their messages with a secret: DingTalk, Feishu and custom webhooks. */
export const SIGNED_CHANNELS: readonly number[] = [2, 3, 255];

/** The signing secret to send: what was typed for a channel that signs, else nothing. */
export const notifySecretOf = (v: Pick<ProjectFormValues, 'notifyType' | 'notifySecret'>) =>
  SIGNED_CHANNELS.includes(v.notifyType) ? (v.notifySecret ?? '').trim() : '';

/** The body of add (and of edit, with the id). */
export function projectInput(v: ProjectFormValues): ProjectInput {
  const stage = (s: StageValues) => ({ mode: s.mode, content: s.content });
  return {
    name: v.name.trim(),
    environment: v.environment ?? 0,
    label: joinLabels(v.labels),
    path: v.path.trim(),
    symlinkPath: v.symlink ? v.symlinkPath.trim() : '',
    symlinkBackupNumber: v.symlinkBackupNumber,
    review: v.review ? 1 : 0,
    reviewURL: v.review ? v.reviewURL.trim() : '',
    ...repositoryInput(v),
    branch: hasHistory(v.repoType) ? v.branch.trim() : '',
    serverIds: v.serverIds,
    deployServerMode: v.deployServerMode,
    maxParallelServers: v.maxParallelServers,
    userIds: v.userIds,
    script: {
      afterPull: stage(v.script.afterPull),
      afterDeploy: stage(v.script.afterDeploy),
      deployFinish: stage(v.script.deployFinish),
      customVariables: v.script.customVariables.map((c) => ({
        name: c.name.trim(),
        type: c.type,
        value: c.type === 'list' ? listOptions(c.value).join(',') : c.value.trim(),
      })),
    },
    notifyType: v.notifyType,
    notifyTarget: v.notifyType === 0 ? '' : v.notifyTarget.trim(),
    notifySecret: notifySecretOf(v),
    transferType: v.transferType,
    transferOption: v.transferOption.trim(),
    buildTimeout: v.buildTimeout,
    transferTimeout: v.transferTimeout,
    afterDeployTimeout: v.afterDeployTimeout,
  };
}
