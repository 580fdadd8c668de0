import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mkdirScript,
  PRUNE_FAILED,
  releaseExistsScript,
  removeReleasesScript,
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

function sh(script: string): { code: number | null; stderr: string } {
  const r = spawnSync('sh', ['-c', script], { encoding: 'utf8' });
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
