import { repositoryRoutes } from '@ferry/contract/client';
import type { OptionValues } from './command.js';
import { CliError, ExitCode, usageError } from './exit-codes.js';
import type { ConsoleClient } from './http-client.js';

/** What `/deploy/publish` is asked to take (the web app's publish dialog sends the same). */
export interface PublishTarget {
  commit: string;
  branch: string;
  /** The tag asked for, to say so; '' otherwise. */
  tag: string;
}

/**
 * `--branch B` (its head), `--commit C`, `--tag T` (the tag's commit, on no branch, as the web
 * app's tag picker sends it), or nothing: the project's branch head. At most one of them.
 */
export async function resolvePublishTarget(
  client: ConsoleClient,
  projectId: number,
  values: OptionValues,
): Promise<PublishTarget> {
  const branch = stringOption(values.branch);
  const commit = stringOption(values.commit);
  const tag = stringOption(values.tag);
  if ([branch, commit, tag].filter(Boolean).length > 1) {
    throw usageError('give at most one of --branch, --commit and --tag');
  }
  if (commit && !/^[0-9a-fA-F]{7,64}$|^r\d{1,10}$/.test(commit)) {
    throw usageError(`--commit must be a commit id (7 to 64 hex digits) or r and a revision`);
  }
  if (!tag) return { commit, branch, tag: '' };
  const { list } = await client.call(repositoryRoutes.getTagList, { id: projectId });
  const found = list.find((c) => c.tag === tag);
  if (!found) {
    throw new CliError(`no tag "${tag}" among the project's 50 newest tags`, ExitCode.failed);
  }
  return { commit: found.commit, branch: '', tag };
}

const stringOption = (v: string | boolean | undefined) => (typeof v === 'string' ? v.trim() : '');
