import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProjectFiles } from './project-files-stage.js';

let root: string;
let copy: string;
let outside: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-project-files-'));
  copy = path.join(root, 'project_1');
  outside = path.join(root, 'outside');
  fs.mkdirSync(copy);
  fs.mkdirSync(outside);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const read = (rel: string) => fs.readFileSync(path.join(copy, rel), 'utf8');

describe('writing project files over the working copy', () => {
  it('writes files and their directories, and removes one gone since the last deploy', async () => {
    fs.writeFileSync(path.join(copy, 'app.yml'), 'from git');
    const written = await writeProjectFiles(copy, [
      { filename: '.env', content: 'A=1' },
      { filename: 'conf/deep/app.yml', content: 'deep' },
      { filename: 'app.yml', content: 'from file' },
    ]);
    expect(written).toEqual(['.env', 'conf/deep/app.yml', 'app.yml']);
    expect([read('.env'), read('conf/deep/app.yml'), read('app.yml')]).toEqual([
      'A=1',
      'deep',
      'from file',
    ]);
    // The list of what was written lives beside the working copy, not in it.
    expect(fs.existsSync(`${copy}.project-files.json`)).toBe(true);
    expect(fs.readdirSync(copy).sort()).toEqual(['.env', 'app.yml', 'conf']);

    await writeProjectFiles(copy, [{ filename: 'app.yml', content: 'again' }]);
    expect(fs.existsSync(path.join(copy, '.env'))).toBe(false);
    expect(fs.existsSync(path.join(copy, 'conf/deep/app.yml'))).toBe(false);
    expect(read('app.yml')).toBe('again');
  });

  it('never writes through a link of the repository, and replaces a link in its place', async () => {
    fs.symlinkSync(outside, path.join(copy, 'conf'));
    await expect(
      writeProjectFiles(copy, [{ filename: 'conf/secret.env', content: 'x' }]),
    ).rejects.toThrow(/conf is a symbolic link/);
    expect(fs.readdirSync(outside)).toEqual([]);

    const target = path.join(outside, 'victim');
    fs.writeFileSync(target, 'untouched');
    fs.symlinkSync(target, path.join(copy, '.env'));
    await writeProjectFiles(copy, [{ filename: '.env', content: 'mine' }]);
    expect(fs.readFileSync(target, 'utf8')).toBe('untouched');
    expect(fs.lstatSync(path.join(copy, '.env')).isFile()).toBe(true);
    expect(read('.env')).toBe('mine');
  });

  it('refuses a path the repository holds as a directory', async () => {
    fs.mkdirSync(path.join(copy, 'conf'));
    await expect(writeProjectFiles(copy, [{ filename: 'conf', content: 'x' }])).rejects.toThrow(
      /is a directory/,
    );
  });
});
