/**
 * SECURITY: branch and tag names are checked before git sees them. git's own rules
 * (`git check-ref-format`), plus a narrower character set: letters, digits and `. _ - / + @ #`.
 * No name can start with `-` (an option) or hold a shell character, so it stays harmless even in
 * a script that pastes it.
 */
const ALLOWED = /^[\p{L}\p{N}._/+@#-]+$/u;

export const REF_NAME_RULE =
  'must be a branch name: letters, digits and . _ - / + @ #, not starting with - or /, without .. or //, not ending with . / or .lock';

/** The rule a branch or tag name breaks, or undefined when it is a usable name. */
export function refNameProblem(name: string): string | undefined {
  if (name === '') return 'must not be empty';
  if (name.length > 255) return 'must be at most 255 characters';
  const bad =
    !ALLOWED.test(name) ||
    name.startsWith('-') ||
    name.startsWith('/') ||
    name.startsWith('.') ||
    name.endsWith('/') ||
    name.endsWith('.') ||
    name.split('/').some((part) => part.endsWith('.lock')) ||
    name.includes('..') ||
    name.includes('//') ||
    name.includes('/.') ||
    name.includes('@{') ||
    name === '@';
  return bad ? REF_NAME_RULE : undefined;
}

export const SVN_BRANCH_RULE =
  'must be master (the trunk) or the name of one folder under branches/';

/**
 * The rule a Subversion branch or tag name breaks: a name git would take (no option, no shell
 * character) of one folder under `branches/` or `tags/`; "master" is the trunk.
 */
export function svnBranchProblem(name: string): string | undefined {
  return refNameProblem(name) ?? (name.includes('/') ? SVN_BRANCH_RULE : undefined);
}

/** A branch as a user names it: without the `origin/` goploy's repository routes put in front. */
export function branchName(branch: string): string {
  return branch.replace(/^origin\//, '');
}
