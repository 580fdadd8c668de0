import { failed } from '../../core/errors.js';
import { GitError } from './git-errors.js';

/** A git failure as the API reports it: code 2, its `git_*` reason, a clean message. */
export async function reportingGitFailures<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw e instanceof GitError ? failed(e.message, e.reason) : e;
  }
}
