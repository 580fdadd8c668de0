import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordingCopies } from './terminal-log-import.js';

const CAST = '{"version":2,"width":80,"height":24}\n[0.1,"o","hi"]\n';
const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-recording-copies-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every entry under the shared dir, relative to it. */
const tree = (dir: string) => fs.readdirSync(dir, { recursive: true }).map(String).sort();

describe('RecordingCopies.discard', () => {
  it('removes the copies and the directories they made, and nothing that was there before', () => {
    const asset = tmp();
    const shared = tmp();
    fs.mkdirSync(path.join(asset, 'repository', 'terminal-log'), { recursive: true });
    for (const id of [1, 2]) {
      fs.writeFileSync(path.join(asset, 'repository', 'terminal-log', `${id}.cast`), CAST);
    }
    // A month the console recorded in already, with a recording of its own.
    const november = Date.UTC(2026, 10, 15, 12);
    const december = Date.UTC(2026, 11, 15, 12);
    const own = path.join(shared, 'terminal-log', '2026-11', '7.cast.gz');
    fs.mkdirSync(path.dirname(own), { recursive: true });
    fs.writeFileSync(own, 'x');
    const before = tree(shared);

    const copies = new RecordingCopies(asset, shared, false);
    expect(copies.copy(1, 101, november)).toEqual({
      recordFile: 'terminal-log/2026-11/101.cast.gz',
    });
    expect(copies.copy(2, 102, december)).toEqual({
      recordFile: 'terminal-log/2026-12/102.cast.gz',
    });
    expect(tree(shared)).toContain(path.join('terminal-log', '2026-12', '102.cast.gz'));
    copies.discard();
    expect(tree(shared)).toEqual(before);
  });

  it('removes the recordings directory itself when the copies made it', () => {
    const asset = tmp();
    const shared = tmp();
    fs.mkdirSync(path.join(asset, 'terminal-log'), { recursive: true });
    fs.writeFileSync(path.join(asset, 'terminal-log', '3.cast'), CAST);
    const copies = new RecordingCopies(asset, shared, false);
    expect(copies.copy(3, 103, Date.UTC(2026, 11, 1, 12))).toHaveProperty('recordFile');
    copies.discard();
    expect(tree(shared)).toEqual([]);
  });
});
