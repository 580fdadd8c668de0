/** Why a name cannot be a file name (contract `fileNameProblem`), as a locale key's last part. */
export type FileNameProblem = 'empty' | 'slash' | 'dots' | 'nul' | 'tooLong';

const MAX_FILE_NAME_BYTES = 255;

/** The problem of `name` as one remote file name, or undefined when the console accepts it. */
export function fileNameProblem(name: string): FileNameProblem | undefined {
  if (name === '') return 'empty';
  if (name.includes('/')) return 'slash';
  if (name === '.' || name === '..') return 'dots';
  if (name.includes('\0')) return 'nul';
  if (new TextEncoder().encode(name).length > MAX_FILE_NAME_BYTES) return 'tooLong';
  return undefined;
}

/**
 * A name for a copy that is not taken in the directory: `app.conf` → `app copy.conf`, then
 * `app copy 2.conf`…; a directory or a hidden file takes the suffix at the end.
 */
export function copyName(name: string, taken: ReadonlySet<string>, isDir: boolean): string {
  const dot = isDir ? -1 : name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; ; n++) {
    const candidate = `${stem} copy${n === 1 ? '' : ` ${n}`}${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}
