import { parseArgv, type TransferType } from '@ferry/contract/client';
import { displayQuote } from './displayQuote';

/** The form values the transfer depends on. */
export interface TransferSettings {
  transferType: TransferType;
  transferOption: string;
  path: string;
  symlink: boolean;
  symlinkPath: string;
}

/** The server a preview shows the command for. */
export interface PreviewServer {
  owner: string;
  ip: string;
  port: number;
}

export type TransferPreview =
  | { kind: 'rsync'; command: string }
  | { kind: 'sftp'; target: string; options: string[] }
  | { kind: 'custom'; command: string }
  /** A custom transfer without a command copies nothing. */
  | { kind: 'nothing' }
  | { kind: 'invalid'; problem: string };

const trimEnd = (p: string) => p.trim().replace(/[\\/]+$/, '');

/** Where a deployment lands: the deploy path, or its own release folder when symlinks are on. */
export function transferDestination(v: Omit<TransferSettings, 'transferType' | 'transferOption'>) {
  if (v.symlink && v.symlinkPath.trim()) return `${trimEnd(v.symlinkPath)}/\${PUBLISH_TOKEN}`;
  return trimEnd(v.path) || '<path>';
}

function targetOf(server: PreviewServer | undefined, dest: string): string {
  if (!server) return `<owner>@<server>:${dest}`;
  const host = server.ip.includes(':') ? `[${server.ip}]` : server.ip;
  return `${server.owner}@${host}:${dest}`;
}

/**
 * What the transfer of a deployment will run, for the form's preview: the rsync command with the
 * parsed options, the SFTP upload's target and options, or the custom command as written (its
 * variables are filled in at deploy time). `server` is the first chosen server; without one the
 * preview names placeholders.
 */
export function transferPreview(v: TransferSettings, server?: PreviewServer): TransferPreview {
  const argv = parseArgv(v.transferOption);
  if ('problem' in argv) return { kind: 'invalid', problem: argv.problem };
  const dest = transferDestination(v);
  switch (v.transferType) {
    case 'custom':
      return v.transferOption.trim()
        ? { kind: 'custom', command: v.transferOption.trim() }
        : { kind: 'nothing' };
    case 'sftp':
      return { kind: 'sftp', target: targetOf(server, dest), options: argv };
    case 'rsync': {
      const port = server ? String(server.port) : '<port>';
      const words = [
        'rsync',
        ...argv.map(displayQuote),
        '-e',
        displayQuote(`ssh -p ${port}`),
        `--rsync-path=${displayQuote(`mkdir -p ${displayQuote(dest)} && rsync`)}`,
        './',
        displayQuote(`${targetOf(server, dest)}/`),
      ];
      return { kind: 'rsync', command: words.join(' ') };
    }
  }
}
