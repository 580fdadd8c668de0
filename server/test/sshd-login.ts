import type { Client } from 'ssh2';
import { connectSsh, type SshTarget } from '../src/infra/ssh/connect.js';
import { knownHostsLine } from '../src/infra/transfer/known-hosts-line.js';
import type { SshdServer } from './sshd-fleet.js';

/** How the console logs in to a test sshd with its user's password. */
export const passwordLogin = (s: SshdServer): SshTarget => ({
  host: s.host,
  port: s.port,
  user: s.user,
  auth: { kind: 'password', password: s.password },
});

/**
 * A password login to `s` that also learns its host key as the console does, from a real
 * handshake: the known_hosts line, and the connection (end it when done).
 */
export async function learnHostKey(s: SshdServer): Promise<{ line: string; client: Client }> {
  let line = '';
  const client = await connectSsh(passwordLogin(s), {
    onHostKey: (_fp, seen, key) => (line = knownHostsLine(seen.host, seen.port, key)),
  });
  return { line, client };
}
