/** Deploy paths on the target servers: POSIX absolute, or a Windows drive path. */
const WINDOWS = /^[A-Za-z]:[\\/]/;

function segments(p: string): string[] {
  return p.split(/[\\/]+/).filter((s) => s !== '');
}

/** The rule a deploy path breaks, or undefined. */
export function deployPathProblem(p: string): string | undefined {
  if (!p.startsWith('/') && !WINDOWS.test(p)) return 'must be an absolute path';
  const parts = segments(p);
  if (parts.includes('..') || parts.includes('.')) return 'must not contain . or .. segments';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(p)) return 'must not contain control characters';
  if (parts.length === 0 || (WINDOWS.test(p) && parts.length === 1)) {
    return 'must not be the root directory';
  }
  return undefined;
}

/** Windows paths compare without case; POSIX paths with it. */
const norm = (p: string) => {
  const joined = segments(p).join('/');
  return WINDOWS.test(p) ? joined.toLowerCase() : joined;
};

/** Whether `inner` is `outer` or lies inside it. */
export function isSameOrInside(inner: string, outer: string): boolean {
  const a = norm(inner);
  const b = norm(outer);
  return a === b || a.startsWith(`${b}/`);
}

/**
 * The rule the release folder breaks against the deploy path: releases land in
 * `<symlinkPath>/<token>` and the deploy path becomes a link to one, so neither may hold the other.
 */
export function symlinkPathProblem(symlinkPath: string, path: string): string | undefined {
  const own = deployPathProblem(symlinkPath);
  if (own) return own;
  if (isSameOrInside(symlinkPath, path)) return 'must not be the deploy path or inside it';
  if (isSameOrInside(path, symlinkPath)) return 'must not contain the deploy path';
  return undefined;
}
