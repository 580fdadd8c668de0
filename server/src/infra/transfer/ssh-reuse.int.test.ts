import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { learnHostKey } from '../../../test/sshd-login.js';
import { rsyncTo } from './rsync-transfer.js';
import type { TransferTarget } from './ssh-options.js';
import { createSshReuse, type SshReuse } from './ssh-reuse.js';

/*
 * rsync's logins shared between transfers to a server (ControlMaster), against real sshd servers:
 * `roomy` takes many sessions per login, `strict` one (MaxSessions 1).
 */

let fleets: SshdFleet[] = [];
let roomy: SshdServer;
let strict: SshdServer;
let tmp: string;
let source: string;
const hostLines = new Map<SshdServer, string>();

beforeAll(async () => {
  fleets = await Promise.all([
    startSshdFleet({ count: 1 }),
    startSshdFleet({ count: 1, options: ['MaxSessions 1'] }),
  ]);
  [roomy, strict] = fleets.map((f) => f.servers[0]!) as [SshdServer, SshdServer];
  for (const s of [roomy, strict]) {
    const { line, client } = await learnHostKey(s);
    hostLines.set(s, line);
    client.end();
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-reuse-it-'));
  source = path.join(tmp, 'src');
  fs.mkdirSync(source);
  for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(source, `f${i}.txt`), `${i}\n`);
}, 60_000);
afterAll(async () => {
  await Promise.all(fleets.map((f) => f.stopAll()));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

function targetOf(s: SshdServer, by: 'key' | 'password' = 'key'): TransferTarget {
  const auth =
    by === 'key'
      ? { kind: 'key' as const, privateKey: s.keys.plain.privateKey }
      : { kind: 'password' as const, password: s.password };
  return { host: s.host, port: s.port, user: s.user, auth, knownHostsLine: hostLines.get(s)! };
}

let sends = 0;
/** One transfer into a fresh dir in the server user's home; `after` holds its session open. */
async function send(target: TransferTarget, after?: string) {
  const server = [roomy, strict].find((s) => s.port === target.port)!;
  const destPath = path.join(server.dir, 'home', `dest${++sends}`);
  const r = await rsyncTo({
    source,
    target,
    destPath,
    createDest: true,
    ...(after ? { after: { script: after } } : {}),
    options: [],
    timeoutMs: 30_000,
  });
  expect(fs.readdirSync(destPath)).toHaveLength(20);
  return r;
}

/** Whether a master answers on `socket` (`ssh -O check`). */
function masterAlive(socket: string): boolean {
  const args = ['-F', '/dev/null', '-o', `ControlPath=${socket}`, '-O', 'check', 'x'];
  return spawnSync('ssh', args, { stdio: 'ignore' }).status === 0;
}

const shared = (reuse: SshReuse, serverId: number, target: TransferTarget) => ({
  ...target,
  reuse: reuse.controlFor(serverId, target)!,
});

describe('shared logins', () => {
  it('logs in once for several transfers, at once or one after another, with nothing said of it', async () => {
    const reuse = createSshReuse({ seconds: 30 });
    try {
      const target = shared(reuse, 1, targetOf(roomy));
      const before = roomy.logins();
      // Three at once to a server with no login yet: one becomes the master, the others log in
      // alone or join it; none says so in its output.
      const first = await Promise.all([send(target), send(target), send(target)]);
      for (const r of first) expect([r.ok, r.output]).toEqual([true, '']);
      expect(roomy.logins() - before).toBeLessThanOrEqual(3);
      expect(masterAlive(target.reuse.path)).toBe(true);
      const joined = roomy.logins();
      for (let i = 0; i < 3; i++) expect((await send(target)).output).toBe('');
      expect(roomy.logins()).toBe(joined);
      const dir = path.dirname(target.reuse.path);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      // The name tells the server and nothing of the settings.
      expect(path.basename(target.reuse.path)).toMatch(/^1-[0-9a-f]{24}$/);
    } finally {
      await reuse.close();
    }
  });

  it('never shares a login between other credentials, and forgets a server on demand', async () => {
    const reuse = createSshReuse({ seconds: 30 });
    try {
      const byKey = shared(reuse, 1, targetOf(roomy, 'key'));
      const byPassword = shared(reuse, 1, targetOf(roomy, 'password'));
      const elsewhere = shared(reuse, 2, targetOf(strict));
      expect(byPassword.reuse.path).not.toBe(byKey.reuse.path);
      expect(shared(reuse, 1, targetOf(roomy, 'key')).reuse.path).toBe(byKey.reuse.path);
      const before = roomy.logins();
      await send(byKey);
      await send(byPassword);
      expect(roomy.logins() - before).toBe(2);
      await send(elsewhere);

      await reuse.forget(1);
      await expect.poll(() => masterAlive(byKey.reuse.path)).toBe(false);
      expect(masterAlive(byPassword.reuse.path)).toBe(false);
      expect(masterAlive(elsewhere.reuse.path)).toBe(true);
      const again = roomy.logins();
      expect((await send(byKey)).ok).toBe(true);
      expect(roomy.logins() - again).toBe(1);
    } finally {
      await reuse.close();
    }
  });

  it('logs a transfer in alone, quietly, when the server refuses the shared login another session', async () => {
    const reuse = createSshReuse({ seconds: 30 });
    try {
      const target = shared(reuse, 2, targetOf(strict));
      const before = strict.logins();
      // The first transfer's session stays open on the master while the second asks for one.
      const holding = send(target, 'sleep 2');
      await expect.poll(() => masterAlive(target.reuse.path), { timeout: 10_000 }).toBe(true);
      const second = await send(target);
      expect([second.ok, second.output]).toEqual([true, '']);
      expect((await holding).ok).toBe(true);
      expect(strict.logins() - before).toBe(2);
    } finally {
      await reuse.close();
    }
  });

  it('ends every shared login and removes their directory when the console stops', async () => {
    const reuse = createSshReuse({ seconds: 30 });
    const target = shared(reuse, 1, targetOf(roomy));
    await send(target);
    expect(masterAlive(target.reuse.path)).toBe(true);
    await reuse.close();
    expect(fs.existsSync(path.dirname(target.reuse.path))).toBe(false);
    await expect.poll(() => mastersOf(target.reuse.path)).toBe(0);
  });
});

/** Master processes still running for `socket` (ssh names itself after its control path). */
function mastersOf(socket: string): number {
  return fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(socket);
      } catch {
        return false;
      }
    }).length;
}
