import type { SshHop, SshTarget } from '../../infra/ssh/connect.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import type { SshAuth } from '../../infra/ssh/ssh-auth.js';
import { keyFileText } from './key-file-login.js';
import type { ConnectionSettings, HopSettings } from './server-settings.js';

/** The host keys to enforce; '' where none is trusted yet (trust on first use). */
export interface KnownHostKeys {
  target: string;
  jump: string;
}

export const NO_KNOWN_KEYS: KnownHostKeys = { target: '', jump: '' };

function authOf(hop: HopSettings, keyFiles: KeyFiles): SshAuth {
  const passphrase = hop.passphrase ? { passphrase: hop.passphrase } : {};
  switch (hop.authType) {
    case 'password':
      return { kind: 'password', password: hop.password };
    case 'key':
      return { kind: 'key', privateKey: hop.privateKey, ...passphrase };
    case 'keyFile':
      return { kind: 'key', privateKey: keyFileText(hop, keyFiles), ...passphrase };
    case 'consoleKey':
      return { kind: 'consoleKey' };
  }
}

function hopOf(hop: HopSettings, known: string, keyFiles: KeyFiles): SshHop {
  return {
    host: hop.ip,
    port: hop.port || 22,
    user: hop.owner,
    auth: authOf(hop, keyFiles),
    ...(known ? { knownFingerprint: known } : {}),
  };
}

/**
 * What `connectSsh` needs to reach a server with these settings. A key file is read here, through
 * `keyFiles`: a stored path the key directory no longer allows fails with `ssh_auth`.
 */
export function targetOf(
  s: ConnectionSettings,
  known: KnownHostKeys,
  keyFiles: KeyFiles,
): SshTarget {
  const jump = s.jump ? { jump: hopOf(s.jump, known.jump, keyFiles) } : {};
  return { ...hopOf(s, known.target, keyFiles), ...jump };
}
