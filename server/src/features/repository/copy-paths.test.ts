import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inPinnedDir, openPinnedFile, realRootOf, resolveInside } from './copy-paths.js';

let base: string;
let root: string;
let outside: string;

beforeEach(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-copy-'));
  root = path.join(base, 'copy');
  outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(root, 'src', 'a.txt'), 'a');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
  root = await realRootOf(root);
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const reasonOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { reason?: string }) => e.reason,
  );

describe('working copy confinement', () => {
  it('resolves links inside and refuses those leading out, at any step of the path', async () => {
    fs.symlinkSync('src', path.join(root, 'in'));
    fs.symlinkSync(outside, path.join(root, 'out'));
    expect(await resolveInside(root, 'in/a.txt', 'read')).toBe(path.join(root, 'src', 'a.txt'));
    expect(await reasonOf(resolveInside(root, 'out', 'list'))).toBe('path_outside_working_copy');
    expect(await reasonOf(resolveInside(root, 'out/secret.txt', 'read'))).toBe(
      'path_outside_working_copy',
    );
    expect(await reasonOf(resolveInside(root, 'none', 'read'))).toBe('file_missing');
  });

  it('never reads through a link put in place of a checked file', async () => {
    const checked = await resolveInside(root, 'src/a.txt', 'read');
    fs.rmSync(checked);
    fs.symlinkSync(path.join(outside, 'secret.txt'), checked);
    expect(await reasonOf(openPinnedFile(root, checked, 'src/a.txt'))).toBe(
      'path_outside_working_copy',
    );
  });

  it('never lists through a link put in place of a checked directory', async () => {
    const checked = await resolveInside(root, 'src', 'list');
    fs.rmSync(checked, { recursive: true });
    fs.symlinkSync(outside, checked);
    const listing = inPinnedDir(root, checked, 'src', (dir) => fs.promises.readdir(dir));
    expect(await reasonOf(listing)).toBe('path_outside_working_copy');
  });

  it('says when there is no working copy yet', async () => {
    expect(await reasonOf(realRootOf(path.join(base, 'never-cloned')))).toBe(
      'working_copy_missing',
    );
  });
});
