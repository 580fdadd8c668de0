import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransferHop, TransferTarget } from './ssh-options.js';
import { createSshReuse, type SshReuse } from './ssh-reuse.js';

const made: SshReuse[] = [];
afterEach(async () => {
  for (const r of made.splice(0)) await r.close();
});
const reuseOf = (seconds = 60) => {
  const r = createSshReuse({ seconds });
  made.push(r);
  return r;
};

const hop = (over: Partial<TransferHop> = {}): TransferHop => ({
  host: '192.0.2.10',
  port: 22,
  user: 'deploy',
  auth: { kind: 'password', password: 'pw-secret-1' },
  knownHostsLine: '192.0.2.10 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample',
  ...over,
});

describe('createSshReuse', () => {
  it('names a login after the server and a digest of every setting, never a secret', () => {
    const reuse = reuseOf(45);
    const base: TransferTarget = { ...hop(), jump: hop({ host: '198.51.100.7' }) };
    const control = reuse.controlFor(3, base)!;
    expect(control.seconds).toBe(45);
    expect(path.basename(control.path)).toMatch(/^3-[0-9a-f]{24}$/);
    expect(control.path).not.toContain('pw-secret-1');
    expect(fs.statSync(path.dirname(control.path)).mode & 0o777).toBe(0o700);
    expect(reuse.controlFor(3, { ...base })!.path).toBe(control.path);
    const others: TransferTarget[] = [
      { ...base, port: 2222 },
      { ...base, user: 'www' },
      { ...base, auth: { kind: 'password', password: 'pw-secret-2' } },
      { ...base, knownHostsLine: '192.0.2.10 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOther' },
      { ...base, jump: hop({ host: '198.51.100.8' }) },
      { ...base, jump: hop({ host: '198.51.100.7', auth: { kind: 'keyFile', path: '/k' } }) },
      hop(),
    ];
    const paths = others.map((t) => reuse.controlFor(3, t)!.path);
    expect(new Set([control.path, ...paths]).size).toBe(others.length + 1);
    // Another console (another key) names the same settings otherwise.
    expect(reuseOf().controlFor(3, base)!.path).not.toBe(control.path);
  });

  it('shares no login through a jump host where setsid is missing', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-nopath-'));
    const saved = process.env.PATH;
    process.env.PATH = empty;
    try {
      const reuse = reuseOf();
      expect(
        reuse.controlFor(1, { ...hop(), jump: hop({ host: '198.51.100.7' }) }),
      ).toBeUndefined();
      expect(reuse.controlFor(1, hop())).toBeDefined();
    } finally {
      process.env.PATH = saved;
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('removes its directory on close, and a forgotten server leaves the others', async () => {
    const reuse = reuseOf();
    const one = reuse.controlFor(1, hop())!;
    const two = reuse.controlFor(2, hop())!;
    // Sockets no master answers on (as after a crash) are cleared.
    for (const c of [one, two]) fs.writeFileSync(c.path, '');
    await reuse.forget(1);
    expect([fs.existsSync(one.path), fs.existsSync(two.path)]).toEqual([false, true]);
    await reuse.close();
    expect(fs.existsSync(path.dirname(one.path))).toBe(false);
  });
});
