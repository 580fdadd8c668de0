/**
 * The file manager's rules and limits, without zod, so the browser shares them
 * (`@ferry/contract/client`).
 */

/** Longest remote path accepted (Linux PATH_MAX). */
export const MAX_REMOTE_PATH = 4096;
/** Longest file name accepted, in UTF-8 bytes (Linux NAME_MAX). */
export const MAX_FILE_NAME_BYTES = 255;

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/**
 * A remote path normalised the same way everywhere: repeated slashes collapsed, `.` segments and
 * a trailing slash dropped. Only absolute paths are accepted (`/srv/app`); `..` segments are
 * refused rather than resolved, so a path always names what it reads as. Names may hold any
 * other byte (spaces, `;`, `$(…)`, newlines): they are never given to a shell unquoted.
 */
export function normaliseRemotePath(path: string): string {
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  return `/${parts.join('/')}`;
}

/** Why `path` is not an acceptable remote path, or undefined when it is. */
export function remotePathProblem(path: string): string | undefined {
  if (path === '') return 'must not be empty';
  if (path.includes('\0')) return 'must not contain a NUL byte';
  if (path.length > MAX_REMOTE_PATH) return `must be at most ${MAX_REMOTE_PATH} characters`;
  if (!path.startsWith('/')) return 'must be an absolute path (starting with /)';
  if (path.split('/').includes('..')) return "must not contain '..' segments";
  if (path.split('/').some((p) => utf8Bytes(p) > MAX_FILE_NAME_BYTES)) {
    return `must not have a name longer than ${MAX_FILE_NAME_BYTES} bytes`;
  }
  return undefined;
}

/** Why `name` is not one acceptable file name, or undefined when it is. */
export function fileNameProblem(name: string): string | undefined {
  if (name === '') return 'must not be empty';
  if (name.includes('\0')) return 'must not contain a NUL byte';
  if (name.includes('/')) return 'must not contain /';
  if (name === '.' || name === '..') return "must not be '.' or '..'";
  if (utf8Bytes(name) > MAX_FILE_NAME_BYTES) {
    return `must be at most ${MAX_FILE_NAME_BYTES} bytes`;
  }
  return undefined;
}

/** What `sftp_log.type` records (goploy's eight, then ours). */
export const SFTP_LOG_TYPES = [
  'READ',
  'PREVIEW',
  'DOWNLOAD',
  'UPLOAD',
  'EDIT',
  'RENAME',
  'COPY',
  'DELETE',
  'TRANSFER',
  'MKDIR',
] as const;

export type SftpLogType = (typeof SFTP_LOG_TYPES)[number];

export const isSftpLogType = (v: unknown): v is SftpLogType =>
  (SFTP_LOG_TYPES as readonly unknown[]).includes(v);

/** The largest file preview and the editor open as text. */
export const MAX_TEXT_FILE_BYTES = 2 * 1024 * 1024;
/** The largest chunk one `uploadChunk` request may carry. */
export const MAX_UPLOAD_CHUNK_BYTES = 64 * 1024 * 1024;
/**
 * The chunk the web app sends per `uploadChunk` request. Each request waits for the server to
 * confirm its last bytes before the next starts, so larger chunks pause less often; a cut chunk
 * loses nothing the server already holds (the next request continues from there).
 */
export const UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;
