import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from '../process/run-command.js';
import { sshFingerprint } from '../ssh/fingerprint.js';
import { knownHostsLine } from '../transfer/known-hosts-line.js';

/**
 * The console's own known_hosts for git over ssh, beside a "pending" file holding keys a host
 * presented after its trusted key changed, until someone accepts them.
 */
export interface KnownHosts {
  /** The known_hosts file ssh reads and writes (`UserKnownHostsFile`). */
  readonly file: string;
  /** `SHA256:…` of the trusted key of `host:port`, '' when none is stored. */
  fingerprint(host: string, port: number): string;
  /** `SHA256:…` of the key waiting for acceptance, '' when none. */
  pendingFingerprint(host: string, port: number): string;
  /** Scans the host's current keys into the pending file; answers their fingerprint, '' if none. */
  recordPending(host: string, port: number): Promise<string>;
  /** Trusts the pending keys instead of the stored ones; throws if nothing is pending. */
  accept(host: string, port: number): string;
  /**
   * Stores `key` (a raw public key blob) as the host's trusted key when none is stored yet: trust
   * on first use, for connections the console makes itself (an SFTP source).
   */
  trustFirst(host: string, port: number, key: Buffer): void;
}

/** One line of a known_hosts file; `entry` is undefined for comments and lines we do not use. */
interface Line {
  text: string;
  entry?: { marker: string; hosts: string[]; keyType: string; key: string; rest: string };
}

const DEFAULT_SCAN_TIMEOUT_MS = 10_000;

/** Stored key types in order of preference, as ssh itself prefers them. */
const TYPE_RANK = [/^ssh-ed25519$/, /^ecdsa-sha2-/, /^(ssh-rsa|rsa-sha2-)/];

/** Creates the store; the directory (0700) and files (0600) are made when first written. */
export function createKnownHosts(opts: { file: string; scanTimeoutMs?: number }): KnownHosts {
  const { file } = opts;
  const pendingFile = `${file}.pending`;
  const scanTimeoutMs = opts.scanTimeoutMs ?? DEFAULT_SCAN_TIMEOUT_MS;
  return {
    file,
    fingerprint: (host, port) => fingerprintIn(readLines(file), host, port),
    pendingFingerprint: (host, port) => fingerprintIn(readLines(pendingFile), host, port),
    async recordPending(host, port) {
      const scanned = await scanKeys(host, port, scanTimeoutMs);
      const lines = [...withoutHost(readLines(pendingFile), host, port), ...scanned];
      writeAtomic(pendingFile, lines);
      return fingerprintIn(scanned, host, port);
    },
    trustFirst(host, port, key) {
      const lines = readLines(file);
      if (fingerprintIn(lines, host, port)) return;
      writeAtomic(file, [...lines, { text: knownHostsLine(host, port, key) }]);
    },
    accept(host, port) {
      const pending = readLines(pendingFile).filter((l) => matches(l, host, port));
      const fingerprint = fingerprintIn(pending, host, port);
      if (!fingerprint) throw new Error(`No new host key of ${hostToken(host, port)} is pending`);
      const incoming = pending.map((l) => ({ text: l.text }));
      writeAtomic(file, [...withoutHost(readLines(file), host, port), ...incoming]);
      writeAtomic(pendingFile, withoutHost(readLines(pendingFile), host, port));
      return fingerprint;
    },
  };
}

/** How ssh names a host in known_hosts: bare for port 22, `[host]:port` otherwise. */
export function hostToken(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

function tokensOf(host: string, port: number): string[] {
  return port === 22 ? [host, `[${host}]:22`] : [`[${host}]:${port}`];
}

function readLines(file: string): Line[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return text
    .split('\n')
    .filter((t, i, all) => t !== '' || i < all.length - 1)
    .map(parseLine);
}

/** `marker? hostpatterns keytype base64 [comment]`; hashed hosts never match a plain name. */
function parseLine(text: string): Line {
  const fields = text.trim().split(/\s+/);
  if (fields[0] === '' || fields[0]!.startsWith('#')) return { text };
  const marker = fields[0]!.startsWith('@') ? fields.shift()! : '';
  const [hosts, keyType, key, ...rest] = fields;
  if (!hosts || !keyType || !key) return { text };
  return { text, entry: { marker, hosts: hosts.split(','), keyType, key, rest: rest.join(' ') } };
}

function matches(line: Line, host: string, port: number): boolean {
  const tokens = tokensOf(host, port);
  return !!line.entry?.hosts.some((h) => tokens.includes(h));
}

/** The fingerprint of the preferred usable key of the host among `lines`, '' if none. */
function fingerprintIn(lines: Line[], host: string, port: number): string {
  const keys = lines
    .filter((l) => matches(l, host, port) && l.entry?.marker === '')
    .map((l) => l.entry!)
    .map((e) => ({ e, rank: rankOf(e.keyType) }))
    .sort((a, b) => a.rank - b.rank);
  for (const { e } of keys) {
    const blob = Buffer.from(e.key, 'base64');
    if (blob.length > 0) return sshFingerprint(blob);
  }
  return '';
}

function rankOf(keyType: string): number {
  const i = TYPE_RANK.findIndex((re) => re.test(keyType));
  return i === -1 ? TYPE_RANK.length : i;
}

/** `lines` without the host's names; a line naming other hosts too keeps those. */
function withoutHost(lines: Line[], host: string, port: number): Line[] {
  const tokens = tokensOf(host, port);
  return lines.flatMap((line) => {
    if (!matches(line, host, port)) return [line];
    const { marker, hosts, keyType, key, rest } = line.entry!;
    const others = hosts.filter((h) => !tokens.includes(h));
    if (others.length === 0) return [];
    const text = [marker, others.join(','), keyType, key, rest].filter(Boolean).join(' ');
    return [parseLine(text)];
  });
}

/**
 * The host's keys as `ssh-keyscan` sees them now, named the way ssh names the host. SECURITY:
 * an argument array, with `--` before the host.
 */
async function scanKeys(host: string, port: number, timeoutMs: number): Promise<Line[]> {
  const seconds = String(Math.max(1, Math.ceil(timeoutMs / 1000)));
  const result = await runCommand('ssh-keyscan', ['-T', seconds, '-p', String(port), '--', host], {
    timeoutMs: timeoutMs + 5000,
    env: { PATH: process.env.PATH, LANG: 'C', LC_ALL: 'C' },
  });
  const token = hostToken(host, port);
  return result.stdout
    .split('\n')
    .map(parseLine)
    .filter((l) => matches(l, host, port) && l.entry?.marker === '')
    .map((l) => parseLine(`${token} ${l.entry!.keyType} ${l.entry!.key}`));
}

/** SECURITY: temp file + rename, so ssh never reads a half-written file; 0600 in a 0700 dir. */
function writeAtomic(file: string, lines: Line[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const text = lines.map((l) => `${l.text}\n`).join('');
  try {
    fs.writeFileSync(temp, text, { mode: 0o600, flag: 'wx' });
    fs.renameSync(temp, file);
  } catch (e) {
    fs.rmSync(temp, { force: true });
    throw e;
  }
}
