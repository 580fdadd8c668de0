/**
 * The floor of the SFTP bench: OpenSSH's own `scp` and `sftp` to the same server, as a person
 * would copy a file by hand. Nothing of the console's code is used here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SshdServer } from '../server/test/sshd-fleet.js';
import { runProgram } from './deploy-floor.js';

/** Options every OpenSSH client here gets: the test key, no prompts, no known_hosts. */
function sshOptions(s: SshdServer): string[] {
  return [
    '-i',
    s.keys.plain.path,
    '-o',
    'BatchMode=yes',
    '-o',
    'StrictHostKeyChecking=no',
    '-o',
    'UserKnownHostsFile=/dev/null',
    '-o',
    'LogLevel=ERROR',
  ];
}

const remote = (s: SshdServer, file: string) => `${s.user}@${s.host}:${file}`;

export const scpUpload = (s: SshdServer, local: string, file: string) =>
  runProgram('scp', ['-q', '-P', String(s.port), ...sshOptions(s), local, remote(s, file)]);

export const scpDownload = (s: SshdServer, file: string, local: string) =>
  runProgram('scp', ['-q', '-P', String(s.port), ...sshOptions(s), remote(s, file), local]);

/** One `sftp -b` batch of commands. */
async function sftpBatch(s: SshdServer, command: string): Promise<void> {
  const batch = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-sftp-')), 'batch');
  fs.writeFileSync(batch, `${command}\n`);
  try {
    await runProgram('sftp', [
      '-q',
      '-b',
      batch,
      '-P',
      String(s.port),
      ...sshOptions(s),
      `${s.user}@${s.host}`,
    ]);
  } finally {
    fs.rmSync(path.dirname(batch), { recursive: true, force: true });
  }
}

/** Paths are quoted for sftp's own command parser (our bench paths hold no quotes). */
export const sftpUpload = (s: SshdServer, local: string, file: string) =>
  sftpBatch(s, `put "${local}" "${file}"`);

export const sftpDownload = (s: SshdServer, file: string, local: string) =>
  sftpBatch(s, `get "${file}" "${local}"`);
