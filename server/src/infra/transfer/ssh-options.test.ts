import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  prepareSsh,
  type PreparedSsh,
  type TransferHop,
  type TransferTarget,
} from './ssh-options.js';

let dir: string;
let plainKey: string;
let lockedKey: string;
const PASSPHRASE = 'open sesame';
const prepared: PreparedSsh[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-sshopt-'));
  for (const [name, pass] of [
    ['plain', ''],
    ['locked', PASSPHRASE],
  ]) {
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', pass!, '-f', path.join(dir, name!)]);
  }
  plainKey = fs.readFileSync(path.join(dir, 'plain'), 'utf8');
  lockedKey = fs.readFileSync(path.join(dir, 'locked'), 'utf8');
});
afterEach(async () => {
  for (const p of prepared.splice(0)) await p.dispose();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const hop = (over: Partial<TransferHop> = {}): TransferHop => ({
  host: '192.0.2.10',
  port: 2222,
  user: 'deploy',
  auth: { kind: 'password', password: 'pw-secret-1' },
  knownHostsLine: '[192.0.2.10]:2222 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample',
  ...over,
});

async function prepare(target: TransferTarget): Promise<PreparedSsh> {
  const p = await prepareSsh(target);
  prepared.push(p);
  return p;
}

/** The config file named in the rsh string (the word after -F). */
function configOf(p: PreparedSsh): string {
  return /-F (\S+)/.exec(p.rsh)![1]!;
}

/** What OpenSSH itself makes of the config for `alias` (`ssh -G`), as a name → values map. */
function sshSees(config: string, alias: string): Map<string, string> {
  const out = execFileSync('ssh', ['-G', '-F', config, alias], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const seen = new Map<string, string>();
  for (const line of out.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0) seen.set(line.slice(0, space).toLowerCase(), line.slice(space + 1));
  }
  return seen;
}

describe('prepareSsh', () => {
  it('logs in with a password through sshpass reading a file; no secret in rsh', async () => {
    const p = await prepare(hop());
    const config = configOf(p);
    const folder = path.dirname(config);
    expect(p.rsh).toBe(`sshpass -f ${folder}/target.password ssh -F ${config}`);
    expect(p.destHost).toBe('ferry-target');
    expect(fs.readFileSync(path.join(folder, 'target.password'), 'utf8')).toBe('pw-secret-1');
    const seen = sshSees(config, 'ferry-target');
    expect(seen.get('hostname')).toBe('192.0.2.10');
    expect(seen.get('port')).toBe('2222');
    expect(seen.get('user')).toBe('deploy');
    expect(seen.get('stricthostkeychecking')).toBe('true');
    expect(seen.get('userknownhostsfile')).toBe(path.join(folder, 'known_hosts'));
    expect(seen.get('globalknownhostsfile')).toBe('/dev/null');
    expect(seen.get('batchmode')).toBe('no');
    expect(seen.get('pubkeyauthentication')).toBe('false');
    expect(fs.readFileSync(path.join(folder, 'known_hosts'), 'utf8')).toBe(
      `${hop().knownHostsLine}\n`,
    );
  });

  it('keeps every file private (dir 0700, files 0600) and removes them on dispose', async () => {
    const p = await prepare(
      hop({ auth: { kind: 'key', privateKey: lockedKey, passphrase: PASSPHRASE } }),
    );
    const folder = path.dirname(configOf(p));
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    for (const name of fs.readdirSync(folder)) {
      expect(fs.statSync(path.join(folder, name)).mode & 0o777, name).toBe(0o600);
    }
    expect(fs.readdirSync(folder).sort()).toEqual(
      ['known_hosts', 'ssh_config', 'target.key', 'target.passphrase'].sort(),
    );
    await p.dispose();
    expect(fs.existsSync(folder)).toBe(false);
  });

  it('uses a key without sshpass in batch mode, and types a passphrase with -P assphrase', async () => {
    const plain = await prepare(hop({ auth: { kind: 'key', privateKey: plainKey } }));
    expect(plain.rsh).toBe(`ssh -F ${configOf(plain)}`);
    const seen = sshSees(configOf(plain), 'ferry-target');
    expect(seen.get('batchmode')).toBe('yes');
    expect(seen.get('passwordauthentication')).toBe('no');
    expect(seen.get('identitiesonly')).toBe('yes');
    expect(seen.get('identityfile')).toBe(path.join(path.dirname(configOf(plain)), 'target.key'));

    const keyFile = path.join(dir, 'locked');
    const locked = await prepare(
      hop({ auth: { kind: 'keyFile', path: keyFile, passphrase: PASSPHRASE } }),
    );
    const folder = path.dirname(configOf(locked));
    expect(locked.rsh).toBe(
      `sshpass -f ${folder}/target.passphrase -P assphrase ssh -F ${configOf(locked)}`,
    );
    expect(sshSees(configOf(locked), 'ferry-target').get('identityfile')).toBe(keyFile);
    expect(locked.rsh).not.toContain(PASSPHRASE.split(' ')[1]);
  });

  it('reaches the target through the jump host with its own login and host key', async () => {
    const jumpLine = '[198.51.100.7]:22 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJump';
    const jump = hop({ host: '198.51.100.7', port: 22, user: 'bastion', knownHostsLine: jumpLine });
    const p = await prepare({ ...hop({ auth: { kind: 'key', privateKey: plainKey } }), jump });
    const config = configOf(p);
    const folder = path.dirname(config);
    expect(sshSees(config, 'ferry-target').get('proxycommand')).toBe(
      `sshpass -f ${folder}/jump.password ssh -F ${config} -W %h:%p ferry-jump`,
    );
    const jumpSeen = sshSees(config, 'ferry-jump');
    expect(jumpSeen.get('hostname')).toBe('198.51.100.7');
    expect(jumpSeen.get('user')).toBe('bastion');
    expect(jumpSeen.get('proxycommand')).toBeUndefined();
    expect(fs.readFileSync(path.join(folder, 'known_hosts'), 'utf8')).toContain(jumpLine);
  });

  it("shares the target's login when asked, never the jump host's, and no login otherwise", async () => {
    const jump = hop({ host: '198.51.100.7', port: 22, user: 'bastion' });
    const reuse = { path: path.join(dir, 'reuse 100%', '7-0123456789abcdef01234567'), seconds: 45 };
    const shared = configOf(await prepare({ ...hop(), jump, reuse }));
    const target = sshSees(shared, 'ferry-target');
    expect(target.get('controlmaster')).toBe('auto');
    expect(target.get('controlpath')).toBe(reuse.path);
    expect(target.get('controlpersist')).toBe('45');
    // Its proxy outlives the transfer that started it, in a session of its own.
    expect(target.get('proxycommand')).toMatch(/^setsid sshpass -f \S+ ssh -F /);
    expect(sshSees(shared, 'ferry-jump').get('controlmaster')).toBe('false');
    const own = sshSees(configOf(await prepare(hop())), 'ferry-target');
    expect(own.get('controlmaster')).toBe('false');
    expect(own.get('controlpath')).toBeUndefined();
  });

  it('refuses values that would break out of their ssh_config line', async () => {
    await expect(prepareSsh(hop({ host: 'h\n  ProxyCommand evil' }))).rejects.toThrow(/address/);
    await expect(prepareSsh(hop({ host: '-oProxyCommand=x' }))).rejects.toThrow(/address/);
    await expect(prepareSsh(hop({ user: 'a b' }))).rejects.toThrow(/user name/);
    await expect(prepareSsh(hop({ port: 70000 }))).rejects.toThrow(/port/);
    await expect(prepareSsh(hop({ knownHostsLine: 'a\nb' }))).rejects.toThrow(/one known_hosts/);
    const password = { kind: 'password', password: 'one\ntwo' } as const;
    await expect(prepareSsh(hop({ auth: password }))).rejects.toThrow(/line break/);
    const relative = { kind: 'keyFile', path: 'id_ed25519' } as const;
    await expect(prepareSsh(hop({ auth: relative }))).rejects.toThrow(/absolute/);
  });

  it('reports a wrong key passphrase before anything runs, without echoing it', async () => {
    const auth = { kind: 'key', privateKey: lockedKey, passphrase: 'not-the-one' } as const;
    const err: unknown = await prepareSsh(hop({ auth })).then(
      () => new Error('prepared although the passphrase is wrong'),
      (e: unknown) => e,
    );
    if (!(err instanceof Error)) throw new Error('expected an Error');
    expect(err.message).toMatch(/passphrase is wrong/);
    expect(err.message).not.toContain('not-the-one');
  });
});
