import type { SshTarget } from '../src/infra/ssh/connect.js';
import type { SshdServer } from './sshd-fleet.js';

/** How the console logs in to a test sshd with its user's password. */
export const passwordLogin = (s: SshdServer): SshTarget => ({
  host: s.host,
  port: s.port,
  user: s.user,
  auth: { kind: 'password', password: s.password },
});
