import type { SftpEntry } from '@ferry/contract';
import type { Attributes } from 'ssh2';
import { formatTime } from '../../core/clock.js';

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

/**
 * Owner and group from the `ls -l` style line OpenSSH sends with each entry
 * (`-rw-r--r--    1 deploy   www-data     1234 Jan  1 12:00 name`). Empty when the server sends
 * no such line; a uid stays a number when the server has no name for it.
 */
export function ownerAndGroup(longname: string): { owner: string; group: string } {
  const m = /^[-a-zA-Z?][-a-zA-Z?]{9}\S*\s+\d+\s+(\S+)\s+(\S+)\s/.exec(longname);
  return m ? { owner: m[1]!, group: m[2]! } : { owner: '', group: '' };
}

/** What a link points to, learned by reading it and following it. */
export interface LinkFacts {
  target: string;
  /** The link leads to a directory (false when it leads nowhere). */
  toDir: boolean;
}

/** One directory entry as the socket sends it. */
export function entryOf(
  name: string,
  longname: string,
  attrs: Attributes,
  link: LinkFacts | undefined,
): SftpEntry {
  return {
    name,
    size: attrs.size,
    mode: modeString(attrs.mode),
    modTime: formatTime(attrs.mtime * 1000),
    isDir: link ? link.toDir : isDirMode(attrs.mode),
    isLink: isLinkMode(attrs.mode),
    linkTarget: link?.target ?? '',
    ...ownerAndGroup(longname),
    mtime: attrs.mtime,
  };
}
