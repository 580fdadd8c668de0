import type { SshdServer } from '../server/test/sshd-fleet.js';

/** OpenSSH options: the test key, no prompts, the master connection at `control`. */
export const sshArgs = (s: SshdServer, control: string) => [
  ...['-p', String(s.port), '-i', s.keys.plain.path, '-S', control],
  ...['-o', 'BatchMode=yes', '-o', 'StrictHostKeyChecking=no'],
  ...['-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR'],
  `${s.user}@${s.host}`,
];

/** Words quoted for a POSIX shell command line. */
export const quote = (words: string[]) =>
  words.map((w) => `'${w.replaceAll("'", "'\\''")}'`).join(' ');
