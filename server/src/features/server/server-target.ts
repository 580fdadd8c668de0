import type { SshHop, SshTarget } from '../../infra/ssh/connect.js';
import type { SshAuth } from '../../infra/ssh/ssh-auth.js';
import type { ConnectionSettings, HopSettings } from './server-settings.js';

/** The host keys to enforce; '' where none is trusted yet (trust on first use). */
export interface KnownHostKeys {
  target: string;
  jump: string;
}

export const NO_KNOWN_KEYS: KnownHostKeys = { target: '', jump: '' };

function authOf(hop: HopSettings): SshAuth {
  const passphrase = hop.passphrase ? { passphrase: hop.passphrase } : {};
  switch (hop.authType) {
    case 'password':
      return { kind: 'password', password: hop.password };
    case 'key':
      return { kind: 'key', privateKey: hop.privateKey, ...passphrase };
    case 'keyFile':
      return { kind: 'keyFile', path: hop.path, ...passphrase };
    case 'consoleKey':
      return { kind: 'consoleKey' };
  }
}

function hopOf(hop: HopSettings, known: string): SshHop {
  return {
    host: hop.ip,
    port: hop.port || 22,
    user: hop.owner,
    auth: authOf(hop),
    ...(known ? { knownFingerprint: known } : {}),
  };
}

/** What `connectSsh` needs to reach a server with these settings. */
export function targetOf(s: ConnectionSettings, known: KnownHostKeys): SshTarget {
  return { ...hopOf(s, known.target), ...(s.jump ? { jump: hopOf(s.jump, known.jump) } : {}) };
}
