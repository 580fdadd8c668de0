/** `value` in single quotes for a POSIX shell; a quote inside becomes `'\''`. */
function singleQuoted(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The one-line shell command that appends `publicKey` to the login's `authorized_keys`, for the
 * user to paste into a terminal on the server. SECURITY: the key is quoted, so a key holding a
 * quote or `$(...)` cannot run anything.
 */
export function authorizedKeysCommand(publicKey: string): string {
  return `mkdir -p ~/.ssh && echo ${singleQuoted(publicKey.trim())} >> ~/.ssh/authorized_keys && chmod 600 ~/.ssh/authorized_keys`;
}
