import { MAX_FILE_NAME_BYTES, MAX_REMOTE_PATH } from '../sftp/sftp-constants.js';

/**
 * Paths inside a project's working copy, without zod, so the browser shares them
 * (`@ferry/contract/client`). SECURITY: a path is always inside the working copy and read as
 * written: a leading `/` is the working copy's root (goploy's file browser builds every path from
 * `/`), `..` segments and NUL bytes are refused, never resolved. The server still resolves links
 * on the way before it reads (a link may lead out).
 */

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** `src//app/./x/` and `/src/app/x` → `src/app/x`; '' and '/' (the working copy itself) → ''. */
export function normaliseCopyPath(path: string): string {
  return path
    .split('/')
    .filter((p) => p !== '' && p !== '.')
    .join('/');
}

/** Why `path` is not a path inside a working copy, or undefined when it is ('' is the root). */
export function copyPathProblem(path: string): string | undefined {
  if (path.includes('\0')) return 'must not contain a NUL byte';
  if (path.length > MAX_REMOTE_PATH) return `must be at most ${MAX_REMOTE_PATH} characters`;
  const parts = path.split('/');
  if (parts.includes('..')) return "must not contain '..' segments";
  if (parts.some((p) => utf8Bytes(p) > MAX_FILE_NAME_BYTES)) {
    return `must not have a name longer than ${MAX_FILE_NAME_BYTES} bytes`;
  }
  return undefined;
}

/** The rule a file path breaks when it names the working copy itself. */
export const COPY_ROOT_RULE = 'must name a file or directory inside the working copy';

/** File compare: goploy's words for each outcome, kept as its clients read them. */
export const FILE_COMPARE_STATES = [
  'no change',
  'modified',
  'remote file not exists',
  'client error',
  'sftp error',
] as const;
