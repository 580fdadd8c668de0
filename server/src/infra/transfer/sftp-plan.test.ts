import { describe, expect, it } from 'vitest';
import { parseSftpOptions, PathFilter } from './sftp-options.js';
import { planSync } from './sftp-plan.js';
import type { LocalEntry, RemoteEntry } from './sftp-trees.js';

const file = (size: number, mtime = 1000): LocalEntry => ({
  kind: 'file',
  abs: '/x',
  size,
  mtime,
  mtimeMs: mtime * 1000,
  mode: 0o644,
});
const dir = (): LocalEntry => ({
  kind: 'dir',
  abs: '/x',
  size: 0,
  mtime: 0,
  mtimeMs: 0,
  mode: 0o755,
});
const rFile = (size: number, mtime = 1000): RemoteEntry => ({ kind: 'file', size, mtime });
const rDir = (): RemoteEntry => ({ kind: 'dir', size: 4096, mtime: 1 });
const rLink = (): RemoteEntry => ({ kind: 'link', size: 10, mtime: 1 });

function filter(words: string[] = []): PathFilter {
  const o = parseSftpOptions(words);
  if ('problem' in o) throw new Error(o.problem);
  return new PathFilter(o);
}

describe('planSync', () => {
  it('uploads what is missing or differs in size or second, and counts the rest unchanged', () => {
    const local = new Map([
      ['same.txt', file(5)],
      ['grown.txt', file(6)],
      ['touched.txt', file(5, 2000)],
      ['new.txt', file(1)],
    ]);
    const remote = new Map([
      ['same.txt', rFile(5)],
      ['grown.txt', rFile(5)],
      ['touched.txt', rFile(5)],
    ]);
    const plan = planSync(local, remote, filter(), false);
    expect(plan.uploads.sort()).toEqual(['grown.txt', 'new.txt', 'touched.txt']);
    expect(plan.unchanged).toBe(1);
    expect(plan.deleteFiles).toEqual([]);
  });

  it('creates dirs parents first and replaces a link or file standing where a dir belongs', () => {
    const local = new Map([
      ['a/b', dir()],
      ['a', dir()],
      ['c', dir()],
    ]);
    const plan = planSync(local, new Map([['c', rLink()]]), filter(), false);
    expect(plan.makeDirs).toEqual([
      { rel: 'a', replace: false },
      { rel: 'c', replace: true },
      { rel: 'a/b', replace: false },
    ]);
  });

  it('deletes only with --delete, deepest first, and keeps dirs holding excluded paths', () => {
    const local = new Map([['keep.txt', file(1)]]);
    const remote = new Map([
      ['keep.txt', rFile(1)],
      ['old.txt', rFile(1)],
      ['old', rDir()],
      ['old/deeper', rDir()],
      ['old/deeper/x', rFile(1)],
      ['mixed', rDir()],
      ['mixed/gone.txt', rFile(1)],
      ['mixed/app.log', rFile(1)],
      ['app.log', rFile(1)],
    ]);
    expect(planSync(local, remote, filter(), false).deleteFiles).toEqual([]);
    const plan = planSync(local, remote, filter(['--exclude-regexp', '\\.log$']), true);
    expect(plan.deleteFiles.sort()).toEqual(['mixed/gone.txt', 'old.txt', 'old/deeper/x']);
    expect(plan.deleteDirs).toEqual(['old/deeper', 'old']);
    expect(plan.keptDirs).toEqual(['mixed']);
  });

  it('replaces a server dir by a source file only with --delete', () => {
    const local = new Map([['thing', file(3)]]);
    const remote = new Map([
      ['thing', rDir()],
      ['thing/inner.txt', rFile(1)],
    ]);
    expect(() => planSync(local, remote, filter(), false)).toThrow(/directory at thing/);
    const plan = planSync(local, remote, filter(), true);
    expect(plan.deleteFiles).toEqual(['thing/inner.txt']);
    expect(plan.deleteDirs).toEqual(['thing']);
    expect(plan.uploads).toEqual(['thing']);
  });
});
