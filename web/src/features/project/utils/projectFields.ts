import { Code } from '@ferry/contract/client';
import type { FormInstance } from 'antd';
import { ApiError } from '../../../api/ApiError';
import type { ProjectFormValues } from './projectForm';

/** The drawer's tabs, in order. */
export const PROJECT_TABS = [
  'basic',
  'repository',
  'servers',
  'members',
  'scripts',
  'notify',
  'advanced',
] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

/** The tab of each form field (by the first part of its name). */
const TAB_OF: Record<string, ProjectTab> = {
  name: 'basic',
  environment: 'basic',
  labels: 'basic',
  path: 'basic',
  symlink: 'basic',
  symlinkPath: 'basic',
  symlinkBackupNumber: 'basic',
  review: 'basic',
  reviewURL: 'basic',
  repoType: 'repository',
  url: 'repository',
  repoAuthType: 'repository',
  repoUsername: 'repository',
  repoToken: 'repository',
  repoPrivateKey: 'repository',
  branch: 'repository',
  serverIds: 'servers',
  deployServerMode: 'servers',
  maxParallelServers: 'servers',
  userIds: 'members',
  script: 'scripts',
  notifyType: 'notify',
  notifyTarget: 'notify',
  notifySecret: 'notify',
  transferType: 'advanced',
  transferOption: 'advanced',
  buildTimeout: 'advanced',
  transferTimeout: 'advanced',
  afterDeployTimeout: 'advanced',
};

/** The wire names that differ from the form's. */
const FORM_NAME: Record<string, string> = { label: 'labels' };

export type FieldName = (string | number)[];

/** A field's errors, as the project form's `setFields` takes them. */
export type ProjectFieldErrors = Parameters<
  FormInstance<ProjectFormValues>['setFields']
>[0][number] & {
  name: FieldName;
  errors: string[];
};

/** The tab holding the field `name` (a form name path), if the form has it. */
export function tabOf(
  name: string | number | readonly (string | number)[],
): ProjectTab | undefined {
  const first: unknown = typeof name === 'object' ? name[0] : name;
  return typeof first === 'string' ? TAB_OF[first] : undefined;
}

/**
 * The form field a refused save names. A 10003 message starts with the field's path, dotted for
 * nested values (`script.customVariables.1.name must be …`); the rest is shown under the field.
 * Undefined when the error is something else or names no field of the form.
 */
export function wireFieldError(err: unknown): ProjectFieldErrors | undefined {
  if (!(err instanceof ApiError) || err.code !== Code.illegalParam) return undefined;
  const space = err.message.indexOf(' ');
  if (space <= 0) return undefined;
  const [first = '', ...rest] = err.message.slice(0, space).split('.');
  const head = FORM_NAME[first] ?? first;
  if (!TAB_OF[head]) return undefined;
  const name: FieldName = [head, ...rest.map((p) => (/^\d+$/.test(p) ? Number(p) : p))];
  // The name is checked against the form's fields above; the type cannot follow a parsed path.
  return { name, errors: [err.message.slice(space + 1)] } as ProjectFieldErrors;
}
