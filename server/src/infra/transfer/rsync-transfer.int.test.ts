import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesOfUid } from '../../../test/linux-processes.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { learnHostKey } from '../../../test/sshd-login.js';
import { execSsh } from '../ssh/exec.js';
import { mkdirScript } from './remote-release.js';
import { rsyncTo, type RsyncRequest } from './rsync-transfer.js';
import type { TransferAuth, TransferHop } from './ssh-options.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
let b: SshdServer;
let setup: Client;
let tmp: string;
let source: string;
let big: string;
const hostLines = new Map<SshdServer, string>();

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 2 });
  [a, b] = fleet.servers as [SshdServer, SshdServer];
  // The known_hosts lines come from a real handshake, as the console learns them.
  for (const s of [a, b]) {
    const { line, client } = await learnHostKey(s);
    hostLines.set(s, line);
    if (s === a) setup = client;
    else client.end();
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-rsync-it-'));
  source = path.join(tmp, 'src');
  makeTree(source);
  big = path.join(tmp, 'big');
  fs.mkdirSync(big);
  fs.writeFileSync(path.join(big, 'large.bin'), randomBytes(8 * 1024 * 1024));
}, 60_000);
afterAll(async () => {
  setup?.end();
  await fleet?.stopAll();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** ~200 files in nested dirs, one name with spaces and one with a quote. */
function makeTree(root: string): void {
  for (let d = 0; d < 10; d++) {
    const dir = path.join(root, `dir${d}`, `sub ${d}`);
    fs.mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 20; f++) fs.writeFileSync(path.join(dir, `f${f}.txt`), `${d}/${f}\n`);
  }
  fs.writeFileSync(path.join(root, 'file with spaces.txt'), 'spaced\n');
  fs.writeFileSync(path.join(root, "it's.txt"), 'quoted\n');
}

/** Relative path → sha256 of every file under `root`. */
function treeOf(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else
        out.set(
          r,
          createHash('sha256')
            .update(fs.readFileSync(path.join(root, r)))
            .digest('hex'),
        );
    }
  };
  walk('');
  return out;
}

const home = (s: SshdServer) => `${s.dir}/home`;

/** A fresh destination under `<home>/app`, created over ssh as the caller would. */
async function freshDest(name: string): Promise<string> {
  const dest = `${home(a)}/app/${name}`;
  expect((await execSsh(setup, { script: mkdirScript(dest) })).code).toBe(0);
  return dest;
}

function hop(
  s: SshdServer,
  auth: TransferAuth = { kind: 'password', password: s.password },
): TransferHop {
  return { host: s.host, port: s.port, user: s.user, auth, knownHostsLine: hostLines.get(s)! };
}

function sync(over: Partial<RsyncRequest> & { destPath: string }) {
  return rsyncTo({ source, target: hop(a), options: ['-rt'], timeoutMs: 60_000, ...over });
}

/** Polls until the server user runs no rsync any more; answers what is left. */
async function remoteRsyncsAfter(ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  let left = processesOfUid(a.uid, 'rsync');
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = processesOfUid(a.uid, 'rsync');
  }
  return left.map((p) => p.pid);
}

/** Local processes whose command line names `needle` (rsync and ssh carry the destination). */
function localProcessesWith(needle: string): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      return cmd.includes(needle) && entry !== String(process.pid) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

describe('rsyncTo', { timeout: 30_000 }, () => {
  it('sends the tree with a password login (sshpass), never showing the password', async () => {
    const destPath = await freshDest('password');
    const r = await sync({ destPath });
    expect(r.output).toBe('');
    expect(r).toMatchObject({ ok: true, code: 0, timedOut: false, aborted: false });
    expect(treeOf(destPath)).toEqual(treeOf(source));
    expect(r.command).toBe(
      `rsync -rt '--modify-window=-1' -e 'ssh -p ${a.port}' -- ${source}/ ${a.user}@127.0.0.1:${destPath}/`,
    );
    expect(r.command).not.toContain(a.password);
  });

  it('sends with a pasted key and streams rsync lines as they come', async () => {
    const destPath = await freshDest('key');
    const lines: string[] = [];
    const auth: TransferAuth = { kind: 'key', privateKey: a.keys.plain.privateKey };
    const r = await sync({
      destPath,
      target: hop(a, auth),
      options: ['-rtv'],
      onLine: (l) => lines.push(l),
    });
    expect(r.ok).toBe(true);
    expect(lines).toContain('file with spaces.txt');
    expect(lines).toContain('dir3/sub 3/f7.txt');
    expect(r.output).toContain("it's.txt\n");
    expect(treeOf(destPath)).toEqual(treeOf(source));
  });

  it('sends with a passphrase-protected key file', async () => {
    const destPath = await freshDest('passphrase');
    const { withPassphrase, passphrase } = a.keys;
    const auth: TransferAuth = { kind: 'keyFile', path: withPassphrase.path, passphrase };
    const r = await sync({ destPath, target: hop(a, auth) });
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
    expect(treeOf(destPath)).toEqual(treeOf(source));
  });

  it('goes through a jump host that takes a password', async () => {
    const destPath = await freshDest('jumped');
    const jumpLog = path.join(b.dir, 'sshd.log');
    const logins = () =>
      fs.readFileSync(jumpLog, 'utf8').split(`Accepted password for ${b.user}`).length;
    const before = logins();
    const r = await sync({ destPath, target: { ...hop(a), jump: hop(b) } });
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
    expect(treeOf(destPath)).toEqual(treeOf(source));
    expect(logins()).toBe(before + 1);
    expect(r.command).toContain(`-J ${b.user}@127.0.0.1:${b.port}`);
  });

  it('refuses a server whose host key is not the stored one and sends nothing', async () => {
    const destPath = await freshDest('wrong-key');
    const bKey = hostLines.get(b)!.split(' ').slice(1).join(' ');
    const target = { ...hop(a), knownHostsLine: `[127.0.0.1]:${a.port} ${bKey}` };
    const r = await sync({ destPath, target });
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/Host key verification failed/);
    expect(fs.readdirSync(destPath)).toEqual([]);
  });

  it('creates a missing destination in the same login, whatever characters its path holds', async () => {
    const parent = `${home(a)}/app/created`;
    const destPath = `${parent}/it's a $(touch pwned) dir`;
    const before = a.logins();
    const r = await sync({ destPath, createDest: true });
    expect(r.output).toBe('');
    expect(r.ok).toBe(true);
    expect(treeOf(destPath)).toEqual(treeOf(source));
    expect(a.logins()).toBe(before + 1);
    // The path was one word to the server's shell: nothing in it ran.
    expect(fs.readdirSync(parent)).toEqual(["it's a $(touch pwned) dir"]);
    expect(fs.existsSync(`${home(a)}/pwned`)).toBe(false);
    // The trace shows the command as without createDest: the engine's --rsync-path is left out.
    expect(r.command).toContain(`-e 'ssh -p ${a.port}' -- ${source}/ '${a.user}@127.0.0.1:`);
    expect(r.command).not.toContain('rsync-path');
  });

  it("fails with mkdir's own message when the destination cannot be created", async () => {
    const lines: string[] = [];
    const r = await sync({
      destPath: '/root/ferry-not-allowed/app',
      createDest: true,
      onLine: (l) => lines.push(l),
    });
    expect(r).toMatchObject({ ok: false, timedOut: false, aborted: false });
    expect(lines.join('\n')).toMatch(
      /^mkdir: cannot create directory '\/root.*Permission denied$/m,
    );
  });

  it('deletes what the source no longer has only with --delete', async () => {
    const destPath = await freshDest('delete');
    const copy = path.join(tmp, 'delete-src');
    fs.cpSync(source, copy, { recursive: true });
    expect((await sync({ destPath, source: copy })).ok).toBe(true);
    fs.rmSync(path.join(copy, 'dir1'), { recursive: true });
    fs.rmSync(path.join(copy, 'file with spaces.txt'));
    expect((await sync({ destPath, source: copy })).ok).toBe(true);
    expect(fs.existsSync(path.join(destPath, 'dir1'))).toBe(true);
    expect((await sync({ destPath, source: copy, options: ['-rt', '--delete'] })).ok).toBe(true);
    expect(treeOf(destPath)).toEqual(treeOf(copy));
  });

  it('sends a same-size change made within the same second as the file the server holds', async () => {
    const destPath = await freshDest('same-second');
    const copy = path.join(tmp, 'same-second-src');
    fs.mkdirSync(copy);
    const file = path.join(copy, 'index.html');
    // Two checkouts within one second (two deploys in quick succession): same size, the times a
    // fraction of a second apart.
    const checkout = (text: string, at: number) => {
      fs.writeFileSync(file, text);
      fs.utimesSync(file, at, at);
    };
    checkout('A', 1_700_000_000.25);
    expect((await sync({ destPath, source: copy })).ok).toBe(true);
    checkout('B', 1_700_000_000.75);
    expect((await sync({ destPath, source: copy })).ok).toBe(true);
    expect(fs.readFileSync(path.join(destPath, 'index.html'), 'utf8')).toBe('B');
    // Options that chose how files compare are the user's: sizes alone leave it as it is.
    checkout('C', 1_700_000_000.5);
    expect((await sync({ destPath, source: copy, options: ['-rt', '--size-only'] })).ok).toBe(true);
    expect(fs.readFileSync(path.join(destPath, 'index.html'), 'utf8')).toBe('B');
  });

  it('refuses options that would change the remote shell or the paths', async () => {
    const destPath = `${home(a)}/app/never`;
    await expect(sync({ destPath, options: ['-e', 'ssh -p 1'] })).rejects.toThrow(/"-e"/);
    await expect(sync({ destPath, options: ['-r', '/etc'] })).rejects.toThrow(/"\/etc"/);
    await expect(sync({ destPath: 'relative/dir' })).rejects.toThrow(/absolute/);
  });

  it('stops on timeout, and the rsync on the server ends too', async () => {
    const destPath = await freshDest('timeout');
    const started = Date.now();
    const r = await sync({
      destPath,
      source: big,
      options: ['-rt', '--bwlimit=100'],
      timeoutMs: 1500,
    });
    expect(r).toMatchObject({ ok: false, timedOut: true, aborted: false });
    expect(Date.now() - started).toBeLessThan(6000);
    expect(await remoteRsyncsAfter(5000)).toEqual([]);
    expect(localProcessesWith(destPath)).toEqual([]);
  });

  it('stops on abort with a key login, and the rsync on the server ends too', async () => {
    const destPath = await freshDest('abort');
    const controller = new AbortController();
    const auth: TransferAuth = { kind: 'key', privateKey: a.keys.plain.privateKey };
    const run = sync({
      destPath,
      source: big,
      target: hop(a, auth),
      options: ['-rt', '--bwlimit=100'],
      signal: controller.signal,
    });
    while (processesOfUid(a.uid, 'rsync').length === 0) await new Promise((r) => setTimeout(r, 20));
    const abortedAt = Date.now();
    controller.abort();
    const r = await run;
    expect(r).toMatchObject({ ok: false, timedOut: false, aborted: true });
    expect(Date.now() - abortedAt).toBeLessThan(3000);
    expect(await remoteRsyncsAfter(5000)).toEqual([]);
    expect(localProcessesWith(destPath)).toEqual([]);
  });
});
