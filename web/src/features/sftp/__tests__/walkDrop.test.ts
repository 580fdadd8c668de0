import { describe, expect, it } from 'vitest';
import { pickedFiles, walkEntries, type EntryLike } from '../utils/walkDrop';

const fileEntry = (name: string, unreadable = false): EntryLike => ({
  isFile: true,
  isDirectory: false,
  name,
  file: (ok, fail) => {
    if (unreadable) fail?.(new Error('gone'));
    else ok(new File([name], name));
  },
});

/** A directory whose reader hands out its entries `batch` at a time, as Chrome does (100). */
const dirEntry = (name: string, children: EntryLike[], batch = 2): EntryLike => ({
  isFile: false,
  isDirectory: true,
  name,
  createReader: () => {
    let at = 0;
    return {
      readEntries: (ok) => {
        const slice = children.slice(at, at + batch);
        at += batch;
        ok(slice);
      },
    };
  },
});

describe('walkEntries', () => {
  it("gives every file of a dropped folder its path inside it, reading past the reader's batches", async () => {
    const dropped = [
      fileEntry('readme.txt'),
      dirEntry('site', [
        fileEntry('index.html'),
        dirEntry('css', [fileEntry('a.css'), fileEntry('b.css'), fileEntry('c.css')]),
        dirEntry('empty', []),
        fileEntry('robots.txt'),
      ]),
    ];
    const { files, skipped } = await walkEntries(dropped);
    expect(files.map((f) => f.relativePath)).toEqual([
      'readme.txt',
      'site/index.html',
      'site/css/a.css',
      'site/css/b.css',
      'site/css/c.css',
      'site/robots.txt',
    ]);
    expect(files[1]?.file.name).toBe('index.html');
    expect(skipped).toEqual([]);
  });

  it('names the files and folders the browser could not read', async () => {
    const broken: EntryLike = {
      isFile: false,
      isDirectory: true,
      name: 'locked',
      createReader: () => ({ readEntries: (_, fail) => fail?.(new Error('denied')) }),
    };
    const { files, skipped } = await walkEntries([
      dirEntry('d', [fileEntry('ok'), fileEntry('gone', true)]),
      broken,
    ]);
    expect(files.map((f) => f.relativePath)).toEqual(['d/ok']);
    expect(skipped).toEqual(['d/gone', 'locked/']);
  });
});

describe('pickedFiles', () => {
  it("keeps a folder picker's paths, and a file picker's names", () => {
    const inFolder = new File(['x'], 'a.css');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'site/css/a.css' });
    const alone = new File(['y'], 'notes.txt');
    expect(pickedFiles([inFolder, alone]).map((f) => f.relativePath)).toEqual([
      'site/css/a.css',
      'notes.txt',
    ]);
  });
});
