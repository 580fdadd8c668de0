import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createUser, removeUser, removeUserSync, run } from './linux-accounts.js';
import { listProcesses, signalEach, terminate } from './linux-processes.js';

/**
 * Real OpenSSH servers for tests: each `/usr/sbin/sshd -D` listens on 127.0.0.1 on a free port
 * with its own host key, config directory and Linux user (`fe` + 8 hex digits). Needs root and
 * openssh-server (see shared/testing/real-infrastructure.md §2). Call `stopAll()` in `afterAll`;
 * every stop is idempotent, and a last-chance hook at process exit removes whatever is left.
 */

const SSHD = '/usr/sbin/sshd';

/** A client key pair that the server's user accepts. */
export interface ClientKey {
  path: string;
  privateKey: string;
  publicKey: string;
}

/** One running sshd and the login it accepts. */
export interface SshdServer {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly user: string;
  readonly uid: number;
  readonly password: string;
  readonly keys: { plain: ClientKey; withPassphrase: ClientKey; passphrase: string };
  /** The current host key's fingerprint as `ssh-keygen -lf` prints it (`SHA256:…`). */
  readonly hostKeyFingerprint: string;
  /** This server's directory (config, host key, log, the user's home). */
  readonly dir: string;
  /**
   * With `mountAt`: what this server sees at that path (a directory of its own, owned by its
   * user), seen from the test's side. Every server of the fleet sees its own one there.
   */
  readonly mounted: string | undefined;
  /** How many logins this server has accepted so far (the "Accepted …" lines of its log). */
  logins(): number;
  /** Ends the sshd, its sessions and the user's processes, and removes the user. */
  stop(): Promise<void>;
  /** Ends the sshd and its sessions, makes a new host key and starts again on the same port. */
  restartWithNewHostKey(): Promise<void>;
}

/** The servers of one `startSshdFleet` call. */
export interface SshdFleet {
  readonly servers: SshdServer[];
  /** Stops every server and removes the temp directory. Safe to call twice. */
  stopAll(): Promise<void>;
}

/**
 * Starts `count` sshd servers in parallel; cleans up and rethrows if any fails to start. With
 * `mountAt` (an absolute path, created here), each sshd runs in a mount namespace of its own
 * where a private directory is bind-mounted at that path: one deploy path, a different disk per
 * "server", as real servers are.
 */
export async function startSshdFleet({
  count,
  mountAt,
  options = [],
}: {
  count: number;
  mountAt?: string;
  /** sshd_config lines that win over the fleet's own (say `MaxSessions 1`). */
  options?: string[];
}): Promise<SshdFleet> {
  if (process.getuid?.() !== 0) {
    throw new Error('sshd-fleet must run as root: it creates Linux users and starts sshd');
  }
  if (!fs.existsSync(SSHD)) throw new Error(`${SSHD} is missing: apt-get install openssh-server`);
  fs.mkdirSync('/run/sshd', { recursive: true, mode: 0o755 }); // sshd's privilege-separation dir
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-sshd-'));
  liveRoots.add(root);
  fs.chmodSync(root, 0o755); // the users must reach their homes inside
  const extraConfig = [...options, ...(await versionSpecificConfig())];
  if (mountAt) fs.mkdirSync(mountAt, { recursive: true, mode: 0o755 });
  const results = await Promise.allSettled(
    Array.from({ length: count }, () => startServer(root, extraConfig, mountAt)),
  );
  const servers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(root, { recursive: true, force: true });
    if (mountAt) fs.rmSync(mountAt, { recursive: true, force: true });
    liveRoots.delete(root);
  };
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  return { servers, stopAll };
}

/** OpenSSH 9.8+ penalises repeated failed logins per source address; tests fail on purpose. */
async function versionSpecificConfig(): Promise<string[]> {
  const out = await run(SSHD, ['-V']).catch((e: Error) => e.message);
  const m = /OpenSSH_(\d+)\.(\d+)/.exec(out);
  const atLeast98 = m ? Number(m[1]) * 100 + Number(m[2]) >= 908 : false;
  return atLeast98 ? ['PerSourcePenalties no'] : [];
}

async function startServer(
  root: string,
  extraConfig: string[],
  mountAt: string | undefined,
): Promise<SshdServer> {
  const user = `fe${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  const passphrase = `pass ${randomBytes(6).toString('hex')}`;
  const dir = path.join(root, user);
  const home = path.join(dir, 'home');
  fs.mkdirSync(dir, { mode: 0o755 });
  const [plain, withPassphrase, hostKeyFingerprint] = await Promise.all([
    makeClientKey(path.join(dir, 'id_plain'), ''),
    makeClientKey(path.join(dir, 'id_passphrase'), passphrase),
    makeHostKey(dir),
  ]);
  const uid = await createUser(user, home, password);
  const mounted = mountAt ? path.join(dir, 'mounted') : undefined;
  if (mounted) {
    fs.mkdirSync(mounted, { mode: 0o755 });
    fs.chownSync(mounted, uid, uid);
  }
  const state = new ServerState(
    dir,
    user,
    uid,
    mounted && mountAt ? { mounted, mountAt } : undefined,
  );
  live.add(state);
  try {
    writeHome(home, uid, [plain.publicKey, withPassphrase.publicKey]);
    await state.launchOnFreePort(extraConfig);
  } catch (e) {
    await state.stop();
    throw e;
  }
  const keys = { plain, withPassphrase, passphrase };
  let fingerprint = hostKeyFingerprint;
  return {
    host: '127.0.0.1',
    port: state.port,
    user,
    uid,
    password,
    keys,
    dir,
    mounted,
    get hostKeyFingerprint() {
      return fingerprint;
    },
    logins: () => acceptedLogins(path.join(dir, 'sshd.log')),
    stop: () => state.stop(),
    restartWithNewHostKey: async () => {
      await state.endDaemon();
      fingerprint = await makeHostKey(dir);
      await state.launch(extraConfig);
    },
  };
}

/** sshd logs one `Accepted <method> for <user> from …` line per successful authentication. */
function acceptedLogins(log: string): number {
  if (!fs.existsSync(log)) return 0;
  return fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('Accepted ')).length;
}

function writeHome(home: string, uid: number, publicKeys: string[]): void {
  const ssh = path.join(home, '.ssh');
  fs.mkdirSync(ssh, { recursive: true, mode: 0o700 });
  fs.chmodSync(home, 0o755);
  fs.writeFileSync(path.join(ssh, 'authorized_keys'), publicKeys.join(''), { mode: 0o600 });
  for (const p of [home, ssh, path.join(ssh, 'authorized_keys')]) fs.chownSync(p, uid, uid);
}

async function makeClientKey(file: string, passphrase: string): Promise<ClientKey> {
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', passphrase, '-C', 'ferry', '-f', file]);
  return {
    path: file,
    privateKey: fs.readFileSync(file, 'utf8'),
    publicKey: fs.readFileSync(`${file}.pub`, 'utf8'),
  };
}

/** A fresh ed25519 host key in `dir`; returns its fingerprint as ssh-keygen prints it. */
async function makeHostKey(dir: string): Promise<string> {
  const file = path.join(dir, 'hostkey');
  fs.rmSync(file, { force: true });
  fs.rmSync(`${file}.pub`, { force: true });
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'ferry-host', '-f', file]);
  const line = await run('ssh-keygen', ['-l', '-f', `${file}.pub`]);
  const fingerprint = line.split(' ')[1];
  if (!fingerprint?.startsWith('SHA256:')) throw new Error(`unexpected ssh-keygen -l: ${line}`);
  return fingerprint;
}

/** Servers and temp directories not yet cleaned up, for the last chance at process exit. */
const live = new Set<ServerState>();
const liveRoots = new Set<string>();
process.once('exit', () => {
  for (const s of live) s.stopSync();
  for (const root of liveRoots) fs.rmSync(root, { recursive: true, force: true });
});

/** The running daemon of one server: its process, port and user. */
class ServerState {
  port = 0;
  private child: ChildProcess | undefined;
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly user: string,
    private readonly uid: number,
    private readonly mount: { mounted: string; mountAt: string } | undefined,
  ) {}

  /** Picks a free port and starts sshd; another process may grab the port first, so retry. */
  async launchOnFreePort(extraConfig: string[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      this.port = await freePort();
      try {
        return await this.launch(extraConfig);
      } catch (e) {
        if (attempt >= 5 || !/Address already in use|Cannot bind/i.test(String(e))) throw e;
      }
    }
  }

  async launch(extraConfig: string[]): Promise<void> {
    if (this.stopped) throw new Error(`the sshd of ${this.user} was stopped`);
    const configFile = path.join(this.dir, 'sshd_config');
    fs.writeFileSync(configFile, sshdConfig(this.dir, this.port, this.user, extraConfig));
    const log = path.join(this.dir, 'sshd.log');
    const logStart = fs.existsSync(log) ? fs.statSync(log).size : 0;
    const sshd = [SSHD, '-D', '-f', configFile, '-E', log];
    // unshare and sh exec in place, so the child's pid stays the listener's.
    const child = this.mount
      ? spawn(
          'unshare',
          [
            '--mount',
            '--propagation',
            'private',
            'sh',
            '-c',
            'mount --bind "$1" "$2" && shift 2 && exec "$@"',
            'sh',
            this.mount.mounted,
            this.mount.mountAt,
            ...sshd,
          ],
          { stdio: 'ignore' },
        )
      : spawn(SSHD, sshd.slice(1), { stdio: 'ignore' });
    this.child = child;
    await waitUntilListening(child, log, logStart, this.port);
  }

  /** Ends the sessions (children of the listener), the user's processes, then the listener. */
  async endDaemon(): Promise<void> {
    const listener = this.child?.pid;
    const sessions = listProcesses()
      .filter((p) => p.ppid === listener || p.uid === this.uid)
      .map((p) => p.pid);
    await terminate(sessions);
    if (listener !== undefined) await terminate([listener]);
    this.child = undefined;
  }

  stop(): Promise<void> {
    this.stopped ??= (async () => {
      await this.endDaemon();
      await removeUser(this.user);
      live.delete(this);
    })();
    return this.stopped;
  }

  /** Best effort at process exit: kill by recorded pid and uid, remove the user. */
  stopSync(): void {
    const pids = listProcesses()
      .filter((p) => p.uid === this.uid)
      .map((p) => p.pid);
    signalEach([...pids, ...(this.child?.pid ? [this.child.pid] : [])], 'SIGKILL');
    removeUserSync(this.user);
  }
}

function sshdConfig(dir: string, port: number, user: string, extra: string[]): string {
  return [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${path.join(dir, 'hostkey')}`,
    `PidFile ${path.join(dir, 'sshd.pid')}`,
    `AllowUsers ${user}`,
    // sshd takes a keyword's first value: these win over the defaults below.
    ...extra,
    'AuthorizedKeysFile .ssh/authorized_keys',
    'PubkeyAuthentication yes',
    'PasswordAuthentication yes',
    'KbdInteractiveAuthentication no',
    'UsePAM no',
    'PermitRootLogin no',
    'UseDNS no',
    'PrintMotd no',
    // curve25519 is about 80 ms quicker per connection than the default sntrup761 hybrid.
    'KexAlgorithms curve25519-sha256,curve25519-sha256@libssh.org',
    'MaxStartups 100:30:200',
    'MaxSessions 64',
    'AllowTcpForwarding yes',
    'Subsystem sftp internal-sftp',
    '',
  ].join('\n');
}

/** A port that was free a moment ago (the OS picks it; a server may still lose a race for it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when sshd logs that it listens; rejects with the log if it exits first. */
function waitUntilListening(child: ChildProcess, log: string, from: number, port: number) {
  const ready = `Server listening on 127.0.0.1 port ${port}.`;
  const readLog = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(from) : '');
  return new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 10_000;
    const onExit = (code: number | null) => {
      clearInterval(timer);
      reject(new Error(`sshd on port ${port} exited (${code}): ${readLog()}`));
    };
    const timer = setInterval(() => {
      if (readLog().includes(ready)) {
        clearInterval(timer);
        child.off('exit', onExit);
        resolve();
      } else if (Date.now() > deadline) {
        clearInterval(timer);
        child.off('exit', onExit);
        child.kill('SIGKILL');
        reject(new Error(`sshd on port ${port} did not start: ${readLog()}`));
      }
    }, 10);
    child.once('exit', onExit);
    child.once('error', (e) => {
      clearInterval(timer);
      reject(e);
    });
  });
}
