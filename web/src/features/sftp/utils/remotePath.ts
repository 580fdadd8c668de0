/** Paths on the remote server, always absolute and normalised as the console answers them. */

/** `dir` and `name` joined: `/` + `a` is `/a`, `/srv` + `a` is `/srv/a`. */
export function joinPath(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

/** The directory holding `path`; the root is its own parent. */
export function parentPath(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** The last name of `path` (`/srv/app` → `app`); `/` for the root. */
export function baseName(path: string): string {
  return path === '/' ? '/' : path.slice(path.lastIndexOf('/') + 1);
}

export interface Crumb {
  /** What the crumb shows: `/` for the root, else one name. */
  name: string;
  path: string;
}

/** The root and each directory down to `path`, each with its own path. */
export function breadcrumbs(path: string): Crumb[] {
  const crumbs: Crumb[] = [{ name: '/', path: '/' }];
  let at = '';
  for (const name of path.split('/').filter(Boolean)) {
    at = `${at}/${name}`;
    crumbs.push({ name, path: at });
  }
  return crumbs;
}

/** Why a typed path cannot be opened, for the path bar's message. */
export type TypedPathProblem = 'nul';

/**
 * Where a path typed into the path bar leads from directory `current`: absolute paths as they
 * are, others relative to `current`; `.` and `..` are resolved here (the console refuses `..`),
 * repeated slashes dropped. `~` or nothing is the login user's home, which the console resolves
 * (answered as `''`).
 */
export function resolveTypedPath(
  typed: string,
  current: string,
): { path: string } | { problem: TypedPathProblem } {
  const text = typed.trim();
  if (text === '' || text === '~') return { path: '' };
  if (text.includes('\0')) return { problem: 'nul' };
  const parts = text.startsWith('/') ? [] : current.split('/').filter(Boolean);
  for (const name of text.split('/')) {
    if (name === '' || name === '.') continue;
    if (name === '..') parts.pop();
    else parts.push(name);
  }
  return { path: `/${parts.join('/')}` };
}

/** Whether `path` is `dir` or lies below it. */
export function isWithin(path: string, dir: string): boolean {
  if (dir === '/') return path.startsWith('/');
  return path === dir || path.startsWith(`${dir}/`);
}
