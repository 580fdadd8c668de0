import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCommand } from '../process/run-command.js';
import type { TransferHop, TransferTarget } from './ssh-options.js';

/**
 * How OpenSSH under rsync shares one login per server (see decision 0054): the first transfer's
 * ssh becomes the master of `path` (`ControlMaster auto`) and stays, idle, `seconds` after the
 * last transfer (`ControlPersist`); the next transfers open a session on it instead of logging in.
 */
export interface ReuseControl {
  path: string;
  seconds: number;
}

/** The shared logins of one console. */
export interface SshReuse {
  /**
   * Where `target`'s shared login to `serverId` lives. Another address, login, credential or host
   * key gives another path, so a login is only ever shared by transfers with the same settings.
   * Undefined through a jump host on a machine without `setsid` (its proxy could not outlive the
   * transfer that started it): each transfer then logs in alone.
   */
  controlFor(serverId: number, target: TransferTarget): ReuseControl | undefined;
  /**
   * Stops sharing the server's logins (it was edited or disabled): no new transfer joins them,
   * and each ends once the transfers running on it have.
   */
  forget(serverId: number): Promise<void>;
  /**
   * Stops sharing every login and removes their directory (the console stops); each login ends
   * once the transfers running on it have.
   */
  close(): Promise<void>;
}

/** How long `ssh -O` gets to reach a master. */
const CONTROL_TIMEOUT_MS = 5000;

/**
 * The shared logins, in a private directory (0700) made at the first transfer. Names hold the
 * server id and an HMAC of the target's settings under a key of this process, never a secret or
 * anything a secret could be guessed back from.
 */
export function createSshReuse(opts: { seconds: number }): SshReuse {
  const key = randomBytes(32);
  const canDetach = onPath('setsid');
  let dir: string | undefined;

  // mkdtemp makes the directory 0700, once: later transfers only name a path in it.
  const home = () => (dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-ssh-reuse-')));
  const socketsOf = (serverId?: number) => {
    if (!dir || !fs.existsSync(dir)) return [];
    const prefix = serverId === undefined ? '' : `${serverId}-`;
    // ssh binds a temp name (`<path>.<random>`) and links it into place: only whole names count.
    return fs
      .readdirSync(dir)
      .filter((n) => n.startsWith(prefix) && /^\d+-[0-9a-f]{24}$/.test(n))
      .map((n) => path.join(dir!, n));
  };

  return {
    controlFor(serverId, target) {
      if (target.jump && !canDetach) return undefined;
      const digest = createHmac('sha256', key).update(JSON.stringify(settingsOf(target)));
      const name = `${serverId}-${digest.digest('hex').slice(0, 24)}`;
      return { path: path.join(home(), name), seconds: opts.seconds };
    },
    async forget(serverId) {
      await Promise.all(socketsOf(serverId).map(stop));
    },
    async close() {
      await Promise.all(socketsOf().map(stop));
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      dir = undefined;
    },
  };
}

/** Whether an executable `name` is on the PATH. */
function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Everything that decides where and as whom a login lands, the jump host's included. */
function settingsOf(target: TransferTarget) {
  const hop = (h: TransferHop) => [h.host, h.port, h.user, h.auth, h.knownHostsLine.trim()];
  return [hop(target), target.jump ? hop(target.jump) : null];
}

/**
 * `ssh -O stop` on a master: it takes no new session and ends when its running ones have. A
 * master already gone leaves a socket nothing answers on, which is removed.
 */
async function stop(socket: string): Promise<void> {
  const args = [
    '-F',
    '/dev/null',
    '-o',
    `ControlPath=${socket.replaceAll('%', '%%')}`,
    '-O',
    'stop',
    'ferry-target',
  ];
  const r = await runCommand('ssh', args, { timeoutMs: CONTROL_TIMEOUT_MS }).catch(() => null);
  if (r?.code !== 0) fs.rmSync(socket, { force: true });
}
