import { createHash } from 'node:crypto';

/**
 * The SHA256 fingerprint of an SSH public key blob, in the form `ssh-keygen -l` prints:
 * `SHA256:` followed by unpadded base64.
 */
export function sshFingerprint(keyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

/** Whether two fingerprints name the same key, ignoring base64 padding. */
export function sameFingerprint(a: string, b: string): boolean {
  return a.trim().replace(/=+$/, '') === b.trim().replace(/=+$/, '');
}
