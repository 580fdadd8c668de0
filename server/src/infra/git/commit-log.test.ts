import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { runCommand } from '../process/run-command.js';
import {
  changedFilesArgs,
  commitsArgs,
  logArgs,
  parseChangedFiles,
  parseLog,
  parseTagRefs,
  rangeLogArgs,
  tagRefsArgs,
} from './commit-log.js';

let origin: GitOrigin;
let first: string;
let second: string;

/** Runs git in the fixture's working copy and answers stdout (failing the test on an error). */
async function git(args: string[]): Promise<string> {
  const result = await runCommand('git', args, {
    cwd: origin.workDir,
    timeoutMs: 10_000,
    env: { PATH: process.env.PATH, LANG: 'C', GIT_CONFIG_NOSYSTEM: '1' },
  });
  expect(result.stderr).toBe('');
  return result.stdout;
}

beforeAll(async () => {
  origin = await createGitOrigin();
  first = await origin.commit({ 'README.md': 'hello\n' }, 'Initial commit', {
    author: 'Ada Lovelace <ada@example.com>',
    date: 1_700_000_000,
  });
  await origin.tag('v1.0.0', 'main', { annotated: true });
  await origin.tag('v1.0.1', 'main');
  second = await origin.commit(
    { 'src/app.js': 'console.log(1)\n'.repeat(3), 'README.md': null },
    'Add app: a subject with \u001f and `backticks`',
    { date: 1_700_000_600 },
  );
}, 30_000);
afterAll(() => origin?.cleanup());

describe('logArgs and parseLog', () => {
  it('reads commits newest first with author, time, subject, tag and diff stat', async () => {
    const list = parseLog(await git(logArgs('main', 10)), 'origin/main');
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      branch: 'origin/main',
      commit: second,
      author: 'Ferry Test',
      timestamp: 1_700_000_600,
      message: 'Add app: a subject with \u001f and `backticks`',
      tag: '',
      diff: ' README.md  | 1 -\n src/app.js | 3 +++\n 2 files changed, 3 insertions(+), 1 deletion(-)',
    });
    expect(list[1]).toMatchObject({
      commit: first,
      author: 'Ada Lovelace',
      timestamp: 1_700_000_000,
      message: 'Initial commit',
      diff: ' README.md | 1 +\n 1 file changed, 1 insertion(+)',
    });
    expect(['v1.0.0', 'v1.0.1']).toContain(list[1]!.tag);
  });

  it('honours the count', async () => {
    const list = parseLog(await git(logArgs('main', 1)), 'main');
    expect(list.map((c) => c.commit)).toEqual([second]);
  });

  it('keeps a ref that looks like an option from being read as one', async () => {
    const result = await runCommand('git', logArgs('--output=/dev/null', 1), {
      cwd: origin.workDir,
      timeoutMs: 10_000,
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/bad revision|unknown revision|ambiguous/);
  });

  it('refuses a count below one', () => {
    expect(() => logArgs('main', 0)).toThrow(RangeError);
    expect(() => tagRefsArgs(Number.NaN)).toThrow(RangeError);
  });

  it('parses a commit without a diff (an empty or merge commit)', () => {
    const out = '\u0000abc\u001fAl\u001f5\u001f\u001fEmpty\u001f\n';
    expect(parseLog(out, 'x')).toEqual([
      {
        branch: 'x',
        commit: 'abc',
        author: 'Al',
        timestamp: 5,
        message: 'Empty',
        tag: '',
        diff: '',
      },
    ]);
    expect(parseLog('', 'x')).toEqual([]);
  });
});

describe('tagRefsArgs, parseTagRefs and commitsArgs', () => {
  it('lists tags newest first, peeling annotated tags to their commit', async () => {
    await origin.tag('v2.0.0', 'main', { annotated: true });
    const tags = parseTagRefs(await git(tagRefsArgs(10)));
    expect(tags[0]).toEqual({ name: 'v2.0.0', commit: second });
    expect(tags.slice(1)).toEqual(
      expect.arrayContaining([
        { name: 'v1.0.0', commit: first },
        { name: 'v1.0.1', commit: first },
      ]),
    );
    expect(parseTagRefs(await git(tagRefsArgs(1)))).toHaveLength(1);
  });

  it('leaves out tags of trees and blobs', async () => {
    const tree = (await git(['rev-parse', 'main^{tree}'])).trim();
    await git(['tag', 'tree-tag', tree]);
    const names = parseTagRefs(await git(tagRefsArgs(50))).map((t) => t.name);
    expect(names).not.toContain('tree-tag');
    expect(names).toContain('v1.0.0');
  });

  it('logs exactly the commits asked for, in the order given', async () => {
    const list = parseLog(await git(commitsArgs([first, second])), '');
    expect(list.map((c) => c.commit)).toEqual([first, second]);
    expect(list[1]!.tag).toBe('v2.0.0');
  });

  it('accepts only full commit ids', () => {
    expect(() => commitsArgs(['main'])).toThrow('not a commit id');
    expect(() => commitsArgs(['--all'])).toThrow('not a commit id');
  });
});

describe('rangeLogArgs, changedFilesArgs and parseChangedFiles', () => {
  it('lists the commits one commit brings over another, and none the other way', async () => {
    const ahead = parseLog(await git(rangeLogArgs(first, second, 10)), '');
    expect(ahead.map((c) => c.commit)).toEqual([second]);
    expect(parseLog(await git(rangeLogArgs(second, first, 10)), '')).toEqual([]);
  });

  it('lists the changed files by path, a rename with the name it had', async () => {
    const third = await origin.commit(
      { 'src/app.js': null, 'src/main.js': 'console.log(1)\n'.repeat(3), 'a b\n.txt': 'x' },
      'Rename app',
    );
    expect(parseChangedFiles(await git(changedFilesArgs(first, second)))).toEqual([
      { status: 'D', path: 'README.md', from: '' },
      { status: 'A', path: 'src/app.js', from: '' },
    ]);
    expect(parseChangedFiles(await git(changedFilesArgs(second, third)))).toEqual([
      { status: 'A', path: 'a b\n.txt', from: '' },
      { status: 'R', path: 'src/main.js', from: 'src/app.js' },
    ]);
    expect(parseChangedFiles('')).toEqual([]);
  });

  it('accepts only full commit ids', () => {
    expect(() => rangeLogArgs('main', second, 1)).toThrow('not a commit id');
    expect(() => changedFilesArgs(first, '--output=/tmp/x')).toThrow('not a commit id');
  });
});
