import { describe, expect, it } from 'vitest';
import type { SftpEntry } from '@ferry/contract/client';
import { filterEntries, sortEntries } from '../utils/sortEntries';

const entry = (name: string, over: Partial<SftpEntry> = {}): SftpEntry => ({
  name,
  size: 0,
  mode: '-rw-r--r--',
  modTime: '',
  isDir: false,
  isLink: false,
  linkTarget: '',
  owner: 'root',
  group: 'root',
  mtime: 0,
  ...over,
});

const ENTRIES = [
  entry('b.txt', { size: 300, mtime: 3 }),
  entry('logs', { isDir: true, size: 4096, mtime: 1 }),
  entry('A.txt', { size: 100, mtime: 2 }),
  entry('file10', { size: 200, mtime: 5 }),
  entry('file9', { size: 200, mtime: 4 }),
  entry('current', { isDir: true, isLink: true, linkTarget: '/srv/r2', size: 7, mtime: 9 }),
];
const names = (list: readonly SftpEntry[]) => list.map((e) => e.name);

describe('sortEntries', () => {
  it('puts directories first, then names in natural order, ignoring case', () => {
    expect(names(sortEntries(ENTRIES, { key: 'name', order: 'ascend' }))).toEqual([
      'current',
      'logs',
      'A.txt',
      'b.txt',
      'file9',
      'file10',
    ]);
  });

  it('keeps directories first when the order is reversed', () => {
    expect(names(sortEntries(ENTRIES, { key: 'name', order: 'descend' }))).toEqual([
      'logs',
      'current',
      'file10',
      'file9',
      'b.txt',
      'A.txt',
    ]);
  });

  it('sorts by size and time, ties by name', () => {
    expect(names(sortEntries(ENTRIES, { key: 'size', order: 'descend' }))).toEqual([
      'logs',
      'current',
      'b.txt',
      'file9',
      'file10',
      'A.txt',
    ]);
    expect(names(sortEntries(ENTRIES, { key: 'mtime', order: 'ascend' }))).toEqual([
      'logs',
      'current',
      'A.txt',
      'b.txt',
      'file9',
      'file10',
    ]);
  });

  it('leaves the given list as it was', () => {
    const copy = [...ENTRIES];
    sortEntries(ENTRIES, { key: 'size', order: 'ascend' });
    expect(ENTRIES).toEqual(copy);
  });
});

describe('filterEntries', () => {
  it('keeps the names holding the text, in any case', () => {
    expect(names(filterEntries(ENTRIES, ' TXT '))).toEqual(['b.txt', 'A.txt']);
    expect(filterEntries(ENTRIES, '  ')).toBe(ENTRIES);
  });
});
