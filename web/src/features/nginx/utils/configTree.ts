import type { NginxConfigRow } from '@ferry/contract/client';
import { joinPath, normalPath } from './testFailure';

/** One configuration file as `getNginxConfigList` lists it. */
export type ConfigFile = NginxConfigRow;

/** A directory of the tree with its files, by name. */
export interface ConfigDir {
  dir: string;
  files: ConfigFile[];
}

/** The key a file has in the tree and in the open editor: its full path. */
export const fileKey = (file: Pick<ConfigFile, 'dir' | 'name'>): string =>
  joinPath(file.dir, file.name);

/**
 * The configuration directories with their files: every directory files may live in (even an
 * empty one, where a new file can go), the main file's directory first, files by name.
 */
export function configTree(files: readonly ConfigFile[], dirs: readonly string[], conf: string) {
  const byDir = new Map<string, ConfigFile[]>();
  for (const dir of dirs) byDir.set(normalPath(dir), []);
  for (const file of files) {
    const dir = normalPath(file.dir);
    byDir.set(dir, [...(byDir.get(dir) ?? []), file]);
  }
  const confDir = conf ? normalPath(conf.slice(0, conf.lastIndexOf('/')) || '/') : '';
  const tree: ConfigDir[] = [...byDir.entries()].map(([dir, list]) => ({
    dir,
    files: [...list].sort((a, b) => a.name.localeCompare(b.name)),
  }));
  return tree.sort((a, b) => {
    if (a.dir === confDir) return -1;
    if (b.dir === confDir) return 1;
    return a.dir.localeCompare(b.dir);
  });
}

/** The file of `tree` whose key is `key`, if it is still there. */
export function findFile(tree: readonly ConfigDir[], key: string | undefined) {
  if (!key) return undefined;
  for (const d of tree) {
    const file = d.files.find((f) => fileKey(f) === key);
    if (file) return file;
  }
  return undefined;
}

/**
 * How a directory is named in the tree: relative to the main file's directory when it is below
 * it (`conf.d`), else in full.
 */
export function dirLabel(dir: string, conf: string): string {
  const confDir = conf ? normalPath(conf.slice(0, conf.lastIndexOf('/')) || '/') : '';
  const normal = normalPath(dir);
  if (!confDir || normal === confDir || confDir === '/') return normal;
  return normal.startsWith(`${confDir}/`) ? normal.slice(confDir.length + 1) : normal;
}

/** The file as the editor's title names it: relative to the main file's directory when below it. */
export function fileLabel(file: Pick<ConfigFile, 'dir' | 'name'>, conf: string): string {
  const dir = dirLabel(file.dir, conf);
  return dir.startsWith('/') ? shortPath(joinPath(dir, file.name)) : `${dir}/${file.name}`;
}

/** A long absolute path cut at the front to its last parts (`…/nginx/conf`), at most `max` long. */
export function shortPath(path: string, max = 24): string {
  if (path.length <= max) return path;
  const parts = path.split('/');
  let tail = parts.pop() ?? '';
  while (parts.length > 0 && tail.length + (parts.at(-1)?.length ?? 0) + 3 <= max) {
    tail = `${parts.pop() ?? ''}/${tail}`;
  }
  return `…/${tail}`;
}
