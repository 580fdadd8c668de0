import type { ConsoleKey } from '../../infra/ssh/ssh-auth.js';
import type {
  TransferAuth,
  TransferHop,
  TransferTarget,
} from '../../infra/transfer/ssh-options.js';
import { knownHostsLine } from '../../infra/transfer/known-hosts-line.js';
import type { ConnectionSettings, HopSettings } from './server-settings.js';

/** Raw host key blobs a connection was shown, by hop. */
export type HostKeyBlobs = Partial<Record<'target' | 'jump', Buffer>>;

function transferAuth(hop: HopSettings, consoleKey: () => ConsoleKey): TransferAuth {
  const passphrase = hop.passphrase ? { passphrase: hop.passphrase } : {};
  switch (hop.authType) {
    case 'password':
      return { kind: 'password', password: hop.password };
    case 'key':
      return { kind: 'key', privateKey: hop.privateKey, ...passphrase };
    case 'keyFile':
      return { kind: 'keyFile', path: hop.path, ...passphrase };
    case 'consoleKey': {
      const key = consoleKey();
      return {
        kind: 'key',
        privateKey: key.privateKey,
        ...(key.passphrase ? { passphrase: key.passphrase } : {}),
      };
    }
  }
}

function hopOf(
  hop: HopSettings,
  blob: Buffer | undefined,
  consoleKey: () => ConsoleKey,
): TransferHop {
  const port = hop.port || 22;
  if (!blob) throw new Error(`no host key was seen for ${hop.ip}:${port}`);
  return {
    host: hop.ip,
    port,
    user: hop.owner,
    auth: transferAuth(hop, consoleKey),
    knownHostsLine: knownHostsLine(hop.ip, port, blob),
  };
}

/**
 * How OpenSSH (under rsync) logs in to a server the console has just connected to: the same
 * credentials, and SECURITY: exactly the host keys that connection verified, so ssh's strict
 * checking trusts what the console trusts and nothing else.
 */
export function transferTargetOf(
  s: ConnectionSettings,
  blobs: HostKeyBlobs,
  consoleKey: () => ConsoleKey,
): TransferTarget {
  const target = hopOf(s, blobs.target, consoleKey);
  return s.jump ? { ...target, jump: hopOf(s.jump, blobs.jump, consoleKey) } : target;
}
