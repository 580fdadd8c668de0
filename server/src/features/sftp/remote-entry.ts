import type { SftpEntry } from '@ferry/contract';
import type { Attributes } from 'ssh2';
import { formatTime } from '../../core/clock.js';
import { isDirMode, isLinkMode, modeString } from '../../core/file-mode.js';

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
