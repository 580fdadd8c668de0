/**
 * Nginx management (`/server/nginx`, reference §2.7, §7.10): the rules shared by the console and
 * the page for binaries, configuration file names and directories, and the refusals a user acts on.
 */

/** `manageNginx` commands: `-t`, `-t` then `-s reload`, and start or stop of the service. */
export const NGINX_COMMANDS = ['check', 'reload', 'start', 'stop'] as const;
export type NginxCommand = (typeof NGINX_COMMANDS)[number];

/** What made a stored version of a configuration file. */
export const NGINX_VERSION_ACTIONS = [
  'original',
  'edit',
  'add',
  'copy',
  'rename',
  'delete',
  'restore',
  'toggle',
] as const;
export type NginxVersionAction = (typeof NGINX_VERSION_ACTIONS)[number];

/** The refusals (code 2) of the nginx routes. */
export const NginxReason = {
  /** `nginx -t` failed: nothing changed; data is an `NginxTestFailure`. */
  testFailed: 'nginx_test_failed',
  /** The file changed on the server since it was read (its hash differs). */
  fileChanged: 'nginx_file_changed',
  /** No running master and no binary set for the server. */
  notFound: 'nginx_not_found',
  /** nginx named no main configuration file. */
  confUnknown: 'nginx_conf_unknown',
  fileMissing: 'nginx_file_missing',
  fileExists: 'nginx_file_exists',
  /** Over NGINX_MAX_FILE_BYTES: edited on the server only. */
  fileTooLarge: 'nginx_file_too_large',
  /** The includes of the directory would still take (or not take) the renamed file. */
  toggleUnsupported: 'nginx_toggle_unsupported',
  /** A version's directory is no longer a configuration directory. */
  dirGone: 'nginx_dir_gone',
  /** A command on the server ended otherwise than expected (its message says how). */
  commandFailed: 'nginx_command_failed',
} as const;

/** Largest configuration file read or written, in bytes. */
export const NGINX_MAX_FILE_BYTES = 1024 * 1024;
/** Versions kept per file; older ones are dropped. */
export const NGINX_VERSIONS_KEPT = 100;
/** Largest `nginx -T` output answered, in bytes; a longer one ends with `NGINX_TRUNCATED_MARK`. */
export const NGINX_EFFECTIVE_MAX_BYTES = 1000 * 1024;
export const NGINX_TRUNCATED_MARK = '\n# … output truncated by the console …\n';
/** Suffix of a configuration file disabled by renaming. */
export const NGINX_DISABLED_SUFFIX = '.disabled';
/** Base names a typed nginx binary may have. */
export const NGINX_BINARY_NAMES = ['nginx', 'openresty'] as const;

export const NGINX_FILE_NAME_RULE =
  'must be a plain file name: no "/", no control characters, not "." or ".."';
export const NGINX_DIR_RULE =
  'must be an absolute directory path without control characters or "." and ".." segments';
export const NGINX_BINARY_RULE = `must be an absolute path whose file name is ${NGINX_BINARY_NAMES.join(' or ')}`;

// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Whether `name` is a plain file name (no directory part, nothing that is not one line). */
export function isNginxFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !name.includes('/') &&
    !CONTROL.test(name) &&
    name !== '.' &&
    name !== '..'
  );
}

/**
 * The normal form of an absolute directory (duplicate and trailing slashes dropped), or null when
 * it is not absolute, holds a control character or a `.`/`..` segment.
 */
export function normalizeNginxDir(dir: string): string | null {
  if (!dir.startsWith('/') || CONTROL.test(dir) || dir.length > 4096) return null;
  const parts = dir.split('/').filter((p) => p !== '');
  if (parts.some((p) => p === '.' || p === '..')) return null;
  return '/' + parts.join('/');
}

/** Whether `path` is an absolute path to a binary named nginx or openresty. */
export function isNginxBinaryPath(path: string): boolean {
  const normal = normalizeNginxDir(path);
  if (normal === null || normal !== path) return false;
  const base = normal.slice(normal.lastIndexOf('/') + 1);
  return (NGINX_BINARY_NAMES as readonly string[]).includes(base);
}

/** Splits `dir/name` into its directory and plain name, or null when it is not such a path. */
export function splitNginxFile(file: string): { dir: string; name: string } | null {
  const slash = file.lastIndexOf('/');
  if (slash < 0) return null;
  const dir = normalizeNginxDir(file.slice(0, slash) || '/');
  const name = file.slice(slash + 1);
  return dir !== null && isNginxFileName(name) ? { dir, name } : null;
}
