import { fileKind, type CodeLanguage } from '../../../ui/fileKind';

/** The highlighting of a project file, from the last name of its path; none for plain text. */
export function projectFileLanguage(path: string): CodeLanguage | undefined {
  const name = path.split('/').at(-1) ?? '';
  return name ? fileKind({ name, isDir: false }).language : undefined;
}
