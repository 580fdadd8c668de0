import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  mkdirScript,
  prepareSpareScript,
  PRUNE_FAILED,
  releaseExistsScript,
  removeReleasesScript,
  seedByCopyScript,
  spareOf,
  switchAndPruneScript,
  switchLinkScript,
} from './remote-release.js';

let root: string;

beforeAll(() => {
  // A path no shell takes literally unless it is quoted.
  root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-rel-')), "it's $(id) *");
  fs.mkdirSync(root);
});
afterAll(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

function sh(
  script: string,
  env: NodeJS.ProcessEnv = process.env,
): { code: number | null; stderr: string } {
  const r = spawnSync('sh', ['-c', script], { encoding: 'utf8', env, timeout: 10_000 });
  return { code: r.status, stderr: r.stderr };
}

describe('remote release scripts (run by a local sh)', () => {
  it('makes a dir with its parents, whatever the path holds', () => {
    const dir = path.join(root, 'a b', '-c', 'd');
    expect(sh(mkdirScript(dir)).code).toBe(0);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
  });

  it('switches the link to a release relative to the link dir', () => {
    const link = path.join(root, 'current');
    for (const name of ['r1', 'r2'])
      fs.mkdirSync(path.join(root, 'releases', name), { recursive: true });
    expect(sh(switchLinkScript(path.join(root, 'releases', 'r1'), link)).code).toBe(0);
    expect(fs.readlinkSync(link)).toBe('./releases/r1');
    expect(sh(switchLinkScript(path.join(root, 'releases', 'r2/'), `${link}/`)).code).toBe(0);
    expect(fs.readlinkSync(link)).toBe('./releases/r2');
    expect(fs.readdirSync(root).filter((n) => n.includes('ferry-tmp'))).toEqual([]);
  });

  it('keeps an absolute target for a release outside the link dir', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-rel-out-'));
    try {
      const link = path.join(root, 'other');
      expect(sh(switchLinkScript(elsewhere, link)).code).toBe(0);
      expect(fs.readlinkSync(link)).toBe(elsewhere);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('refuses to replace a real directory with exit 3 and leaves it alone', () => {
    const real = path.join(root, 'realdir');
    fs.mkdirSync(real);
    fs.writeFileSync(path.join(real, 'data'), 'x');
    const r = sh(switchLinkScript(path.join(root, 'releases', 'r1'), real));
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`${real} is a real directory`);
    expect(r.stderr).toContain('remove it first');
    expect(fs.readFileSync(path.join(real, 'data'), 'utf8')).toBe('x');
  });

  it('answers whether a release exists', () => {
    expect(sh(releaseExistsScript(root)).code).toBe(0);
    expect(sh(releaseExistsScript(path.join(root, 'nope'))).code).toBe(1);
    expect(sh(releaseExistsScript('-n')).code).toBe(1);
  });

  it('removes named releases under the root only', () => {
    const rel = path.join(root, 'old');
    for (const n of ['a', 'b.1', 'keep']) fs.mkdirSync(path.join(rel, n), { recursive: true });
    expect(sh(removeReleasesScript(rel, ['a', 'b.1'])).code).toBe(0);
    expect(fs.readdirSync(rel)).toEqual(['keep']);
    expect(removeReleasesScript(rel, [])).toBe('true');
  });

  it('switches and prunes in one command, pruning nothing when the switch is refused', () => {
    const base = path.join(root, 'both');
    const rel = path.join(base, 'releases');
    for (const n of ['old', 'new']) fs.mkdirSync(path.join(rel, n), { recursive: true });
    const link = path.join(base, 'current');
    expect(sh(switchAndPruneScript(path.join(rel, 'new'), link, rel, ['old'])).code).toBe(0);
    expect(fs.readlinkSync(link)).toBe('./releases/new');
    expect(fs.readdirSync(rel)).toEqual(['new']);

    fs.mkdirSync(path.join(rel, 'next'));
    const real = path.join(base, 'real');
    fs.mkdirSync(real);
    const refused = sh(switchAndPruneScript(path.join(rel, 'next'), real, rel, ['new']));
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('is a real directory');
    expect(fs.readdirSync(rel).sort()).toEqual(['new', 'next']);
  });

  it.runIf(process.getuid?.() === 0)(
    'tells a failed prune from a failed switch (a busy mount point cannot be removed)',
    () => {
      const base = path.join(root, 'busy');
      const rel = path.join(base, 'releases');
      for (const n of ['mounted', 'new']) fs.mkdirSync(path.join(rel, n), { recursive: true });
      const mounted = path.join(rel, 'mounted');
      expect(spawnSync('mount', ['-t', 'tmpfs', 'none', mounted]).status).toBe(0);
      try {
        const link = path.join(base, 'current');
        const r = sh(switchAndPruneScript(path.join(rel, 'new'), link, rel, ['mounted']));
        expect(r.code).toBe(PRUNE_FAILED);
        expect(fs.readlinkSync(link)).toBe('./releases/new');
      } finally {
        spawnSync('umount', [mounted]);
      }
    },
  );

  it('refuses release names and roots that could reach outside', () => {
    for (const bad of ['..', '.', 'a/b', '', '*', 'a b', '$(id)']) {
      expect(() => removeReleasesScript('/srv/releases', [bad]), bad).toThrow(/release name/);
    }
    expect(() => removeReleasesScript('/', ['a'])).toThrow(/absolute path below/);
    expect(() => removeReleasesScript('releases', ['a'])).toThrow(/absolute path below/);
  });
});

describe('the spare copy of a live release', () => {
  const inode = (p: string) => fs.statSync(p).ino;

  /** A live release `r2` with a file and a subdir, beside an older release's stale spare. */
  function releases(name: string) {
    const dir = path.join(root, name);
    const live = path.join(dir, 'r2');
    fs.mkdirSync(path.join(live, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(live, 'a.txt'), 'a');
    fs.writeFileSync(path.join(live, 'sub', 'b.txt'), 'b');
    fs.mkdirSync(path.join(dir, '.ferry-spare-r1'));
    fs.writeFileSync(path.join(dir, '.ferry-spare-r1', 'old.txt'), 'old');
    return { dir, live };
  }

  it('is made after the login ends, as links to the release, replacing older spares', async () => {
    const { dir, live } = releases('spares');
    // A cp that waits for a go: the script must return while the copy has not even begun.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-cp-'));
    const go = path.join(bin, 'go');
    fs.writeFileSync(
      path.join(bin, 'cp'),
      `#!/bin/sh\nwhile [ ! -e "$FERRY_GO" ]; do sleep 0.05; done\nexec ${spawnSync('sh', ['-c', 'command -v cp'], { encoding: 'utf8' }).stdout.trim()} "$@"\n`,
      { mode: 0o755 },
    );
    try {
      const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, FERRY_GO: go };
      expect(sh(prepareSpareScript(live), env).code).toBe(0);
      expect(fs.existsSync(spareOf(live))).toBe(false);
      fs.writeFileSync(go, '');
      await vi.waitFor(() => expect(fs.existsSync(spareOf(live))).toBe(true), { timeout: 5000 });
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
    expect(spareOf(live)).toBe(path.join(dir, '.ferry-spare-r2'));
    expect(inode(path.join(spareOf(live), 'a.txt'))).toBe(inode(path.join(live, 'a.txt')));
    expect(inode(path.join(spareOf(live), 'sub', 'b.txt'))).toBe(
      inode(path.join(live, 'sub', 'b.txt')),
    );
    // Only the live release and its whole spare are left: no stale spare, no half copy.
    expect(fs.readdirSync(dir).sort()).toEqual(['.ferry-spare-r2', 'r2']);
  });

  it('seeds the next release by one rename, and by a copy of links when there is none', () => {
    const { dir, live } = releases('seeds');
    fs.cpSync(live, spareOf(live), { recursive: true });
    const spareInode = inode(path.join(spareOf(live), 'a.txt'));
    const next = path.join(dir, 'r3');
    expect(sh(seedByCopyScript(live, next)).code).toBe(0);
    expect(fs.existsSync(spareOf(live))).toBe(false);
    expect(inode(path.join(next, 'a.txt'))).toBe(spareInode);

    const after = path.join(dir, 'r4');
    expect(sh(seedByCopyScript(live, after)).code).toBe(0);
    expect(inode(path.join(after, 'a.txt'))).toBe(inode(path.join(live, 'a.txt')));
    expect(inode(path.join(after, 'sub', 'b.txt'))).toBe(inode(path.join(live, 'sub', 'b.txt')));
  });

  it('is asked for after a switch that went through, only when wanted', () => {
    const script = (spare?: boolean) =>
      switchAndPruneScript('/srv/app/releases/r2', '/srv/app/current', '/srv/app/releases', [], {
        spare,
      });
    expect(script()).not.toContain('ferry-spare');
    const wanted = script(true);
    expect(wanted.indexOf('ferry-spare')).toBeGreaterThan(wanted.indexOf(`exit ${PRUNE_FAILED}`));
  });
});
