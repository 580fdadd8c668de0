import { describe, expect, it } from 'vitest';
import type { SftpEntry } from '@ferry/contract/client';
import { actionsFor, defaultAction, type SftpAbilities } from '../utils/fileActions';

const entry = (name: string, isDir = false): SftpEntry => ({
  name,
  size: 1,
  mode: '',
  modTime: '',
  isDir,
  isLink: false,
  linkTarget: '',
  owner: '',
  group: '',
  mtime: 0,
});
const ALL: SftpAbilities = {
  upload: true,
  preview: true,
  download: true,
  edit: true,
  transfer: true,
  remove: true,
};
const NONE: SftpAbilities = {
  upload: false,
  preview: false,
  download: false,
  edit: false,
  transfer: false,
  remove: false,
};

describe('actionsFor', () => {
  it('offers a text file everything', () => {
    expect(actionsFor([entry('app.conf')], ALL)).toEqual([
      'preview',
      'edit',
      'download',
      'rename',
      'copy',
      'transfer',
      'delete',
    ]);
  });

  it('does not edit an image or open a file', () => {
    expect(actionsFor([entry('logo.png')], ALL)).not.toContain('edit');
    expect(actionsFor([entry('logo.png')], ALL)).not.toContain('open');
  });

  it('opens a directory and never previews it', () => {
    expect(actionsFor([entry('logs', true)], ALL)).toEqual([
      'open',
      'download',
      'rename',
      'copy',
      'transfer',
      'delete',
    ]);
  });

  it('offers several entries what applies to many', () => {
    expect(actionsFor([entry('a'), entry('b', true)], ALL)).toEqual([
      'download',
      'transfer',
      'delete',
    ]);
  });

  it('hides what the permissions do not allow', () => {
    expect(actionsFor([entry('a.txt')], NONE)).toEqual([]);
    expect(actionsFor([entry('a.txt')], { ...NONE, download: true })).toEqual(['download']);
    expect(actionsFor([entry('d', true)], NONE)).toEqual(['open']);
    expect(actionsFor([], ALL)).toEqual([]);
  });
});

describe('defaultAction', () => {
  it('opens directories, previews files, else edits or downloads', () => {
    expect(defaultAction(entry('d', true), NONE)).toBe('open');
    expect(defaultAction(entry('a.txt'), ALL)).toBe('preview');
    expect(defaultAction(entry('a.txt'), { ...NONE, edit: true })).toBe('edit');
    expect(defaultAction(entry('a.zip'), { ...NONE, edit: true, download: true })).toBe('download');
    expect(defaultAction(entry('a.txt'), NONE)).toBeUndefined();
  });
});
