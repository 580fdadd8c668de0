import { KEY_FILE_RULE, type KeyFiles } from '../../infra/ssh/key-files.js';
import { unusableKey } from '../../infra/ssh/ssh-errors.js';
import type { HopSettings } from './server-settings.js';

/**
 * The private key of a key-file hop, read through `keyFiles` when a connection is made (a stored
 * path is checked again: the directory or the file may have changed since it was saved). Fails
 * with `ssh_auth` and the one key file rule, whatever the reason.
 */
export function keyFileText(hop: HopSettings, keyFiles: KeyFiles): string {
  const text = keyFiles.read(hop.path);
  if (text === undefined) {
    throw unusableKey(`${hop.owner}@${hop.ip}:${hop.port || 22}`, `the key file ${KEY_FILE_RULE}`);
  }
  return text;
}
