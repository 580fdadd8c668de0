/**
 * Paths inside a project's working copy as the browser walks them: relative, '' for the copy
 * itself, segments joined by '/'.
 */

/** One step of the breadcrumbs: a directory's name and its path. */
export interface Crumb {
  name: string;
  path: string;
}

/** `src/app` → [{src, 'src'}, {app, 'src/app'}]; the copy itself ('') has none. */
export function copyCrumbs(dir: string): Crumb[] {
  const parts = dir.split('/').filter((p) => p !== '');
  return parts.map((name, i) => ({ name, path: parts.slice(0, i + 1).join('/') }));
}

/** The path of entry `name` of directory `dir`. */
export function joinCopyPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** Whether a path is the repository's own store (`.git`, `.svn`), or lies inside it: never deleted. */
export function isGitPath(path: string): boolean {
  return path.split('/').some((p) => p === '.git' || p === '.svn');
}
