/** Unix file modes as `ls -l` shows them, for local files (`fs.Stats`) and SFTP attributes alike. */
const FILE_TYPES: readonly (readonly [bits: number, char: string])[] = [
  [0o140000, 's'],
  [0o120000, 'l'],
  [0o100000, '-'],
  [0o060000, 'b'],
  [0o040000, 'd'],
  [0o020000, 'c'],
  [0o010000, 'p'],
];

/** The permission triple of one class; `special` (setuid, setgid, sticky) shows in the x place. */
function triple(mode: number, shift: number, special: boolean, specialChar: string): string {
  const bits = (mode >> shift) & 0o7;
  const x = bits & 1;
  const exec = special ? (x ? specialChar : specialChar.toUpperCase()) : x ? 'x' : '-';
  return `${bits & 4 ? 'r' : '-'}${bits & 2 ? 'w' : '-'}${exec}`;
}

/** A Unix mode as `ls -l` prints it: `drwxr-xr-x`, `-rwsr-xr-x`, `lrwxrwxrwx`, `drwxrwxrwt`. */
export function modeString(mode: number): string {
  const type = FILE_TYPES.find(([bits]) => (mode & 0o170000) === bits)?.[1] ?? '?';
  return (
    type +
    triple(mode, 6, (mode & 0o4000) !== 0, 's') +
    triple(mode, 3, (mode & 0o2000) !== 0, 's') +
    triple(mode, 0, (mode & 0o1000) !== 0, 't')
  );
}

export const isLinkMode = (mode: number) => (mode & 0o170000) === 0o120000;
export const isDirMode = (mode: number) => (mode & 0o170000) === 0o040000;
export const isFileMode = (mode: number) => (mode & 0o170000) === 0o100000;
