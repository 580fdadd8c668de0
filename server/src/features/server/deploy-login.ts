import { sameFingerprint, sshFingerprint } from '../../infra/ssh/fingerprint.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import type { ConsoleKey } from '../../infra/ssh/ssh-auth.js';
import type {
  TransferAuth,
  TransferHop,
  TransferTarget,
} from '../../infra/transfer/ssh-options.js';
import { knownHostsLine } from '../../infra/transfer/known-hosts-line.js';
import { keyFileText } from './key-file-login.js';
import type { ConnectionSettings, HopSettings } from './server-settings.js';

/** Raw host key blobs a connection was shown, by hop. */
export type HostKeyBlobs = Partial<Record<'target' | 'jump', Buffer>>;

function transferAuth(
  hop: HopSettings,
  consoleKey: () => ConsoleKey,
  keyFiles: KeyFiles,
): TransferAuth {
  const passphrase = hop.passphrase ? { passphrase: hop.passphrase } : {};
  switch (hop.authType) {
    case 'password':
      return { kind: 'password', password: hop.password };
    case 'key':
      return { kind: 'key', privateKey: hop.privateKey, ...passphrase };
    case 'keyFile':
      return { kind: 'key', privateKey: keyFileText(hop, keyFiles), ...passphrase };
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
  keyFiles: KeyFiles,
): TransferHop {
  const port = hop.port || 22;
  if (!blob) throw new Error(`no host key was seen for ${hop.ip}:${port}`);
  return {
    host: hop.ip,
    port,
    user: hop.owner,
    auth: transferAuth(hop, consoleKey, keyFiles),
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
  keyFiles: KeyFiles,
): TransferTarget {
  const target = hopOf(s, blobs.target, consoleKey, keyFiles);
  return s.jump ? { ...target, jump: hopOf(s.jump, blobs.jump, consoleKey, keyFiles) } : target;
}

/** The trusted fingerprints of a server row, '' where none is stored. */
interface StoredFingerprints {
  target: string;
  jump: string;
}

/**
 * The host key blobs of the last deploy connection to each server that verified them, so that a
 * later deploy can hand rsync's ssh a known_hosts line without connecting first (the database
 * keeps fingerprints only). SECURITY: a blob is answered only while its fingerprint still equals
 * the stored, trusted one — checked at every use, against the row as it is then — so nothing the
 * console has not verified against the stored fingerprint is ever trusted; a server's entry goes
 * when it is edited or disabled, or when a new deploy connection to it starts.
 */
export class VerifiedHostKeys {
  private readonly byServer = new Map<number, HostKeyBlobs>();

  remember(serverId: number, blobs: HostKeyBlobs): void {
    this.byServer.set(serverId, { ...blobs });
  }

  forget(serverId: number): void {
    this.byServer.delete(serverId);
  }

  /**
   * The blobs to log in with `settings` (the jump host's only when there is one), or undefined
   * when one is missing or no longer matches the stored fingerprint (the entry is then dropped).
   */
  usable(
    serverId: number,
    stored: StoredFingerprints,
    settings: ConnectionSettings,
  ): HostKeyBlobs | undefined {
    const blobs = this.byServer.get(serverId);
    if (!blobs) return undefined;
    const target = blobs.target;
    const jump = settings.jump ? blobs.jump : undefined;
    const trusted =
      isStoredKey(target, stored.target) && (!settings.jump || isStoredKey(jump, stored.jump));
    if (!trusted) {
      this.forget(serverId);
      return undefined;
    }
    return { target, ...(jump ? { jump } : {}) };
  }
}

/** SECURITY: a key counts only when a fingerprint is stored and the key's own one equals it. */
function isStoredKey(blob: Buffer | undefined, stored: string): blob is Buffer {
  return blob !== undefined && stored !== '' && sameFingerprint(sshFingerprint(blob), stored);
}
