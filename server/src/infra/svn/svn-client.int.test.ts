import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../../test/server-fixtures.js';
import { startSvnOrigin, type SvnOrigin } from '../../../test/svn-fixture.js';
import { GitError } from '../git/git-errors.js';
import { createSvnClient, type SvnClient, type SvnRemote } from './svn-client.js';

/**
 * The Subversion client against a real svnserve with a password: a trunk, two branches and a
 * tag in the conventional layout.
 */
let origin: SvnOrigin;
let svn: SvnClient;
let remote: SvnRemote;
let dataDir: string;
const revs: Record<string, number> = {};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-svn-client-'));
  origin = await startSvnOrigin();
  svn = createSvnClient({ dataDir, timeoutMs: 20_000 });
  remote = { url: origin.url, username: origin.username, password: origin.password };
  revs.first = await origin.commit({ 'index.html': 'v1\n', 'lib/a.txt': 'a\n' }, 'first page');
  revs.second = await origin.commit(
    { 'index.html': 'v2\n', 'lib/b.txt': 'b\n' },
    'second page\n\nwith a body',
    { author: 'bob' },
  );
  revs.branchA = await origin.branch('feature-a');
  revs.branchB = await origin.branch('release-1.0');
  revs.onBranch = await origin.commit({ 'index.html': 'branch\n' }, 'on the branch', {
    branch: 'feature-a',
  });
  revs.tag = await origin.tag('v1.0');
  revs.third = await origin.commit({ 'lib/a.txt': null, 'index.html': 'v3\n' }, 'third page');
}, 60_000);

afterAll(async () => {
  await origin?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const copy = (name: string) => path.join(dataDir, 'copies', name);
const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

async function refusal(work: Promise<unknown>): Promise<GitError> {
  const e = await work.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(GitError);
  return e as GitError;
}

describe('reading a repository', () => {
  it('reaches it with the password and lists master, then the branches by name', async () => {
    await svn.ping(remote);
    expect(await svn.branches(remote)).toEqual(['master', 'feature-a', 'release-1.0']);
  });

  it('lists the revisions of master newest first, as r<number> with author and files', async () => {
    const log = await svn.log(remote, 'master', 10);
    expect(log.map((c) => c.commit)).toEqual([
      `r${revs.third}`,
      `r${revs.second}`,
      `r${revs.first}`,
      'r1',
    ]);
    expect(log[1]).toMatchObject({ branch: 'master', author: 'bob', message: 'second page' });
    expect(log[1]!.timestamp).toBeGreaterThan(1_700_000_000);
    expect(log[0]!.diff.split('\n').sort()).toEqual(['D /trunk/lib/a.txt', 'M /trunk/index.html']);
    // A branch's own log, and master as it was at a revision.
    expect((await svn.log(remote, 'feature-a', 1))[0]).toMatchObject({
      commit: `r${revs.onBranch}`,
      message: 'on the branch',
    });
    expect((await svn.log(remote, 'master', 1, { revision: `r${revs.second}` }))[0]!.commit).toBe(
      `r${revs.second}`,
    );
  });

  it('lists the tags with the revision and message that made them', async () => {
    expect(await svn.tags(remote, 10)).toEqual([
      expect.objectContaining({ tag: 'v1.0', commit: `r${revs.tag}`, message: 'tag v1.0' }),
    ]);
  });

  it('tells what changed between two revisions: the revisions and the files', async () => {
    const between = await svn.between(remote, 'master', `r${revs.first}`, `r${revs.third}`, 10);
    expect(between.map((c) => c.commit)).toEqual([`r${revs.third}`, `r${revs.second}`]);
    expect(await svn.changedFiles(remote, 'master', `r${revs.first}`, `r${revs.third}`)).toEqual([
      { status: 'M', path: 'index.html', from: '' },
      { status: 'D', path: 'lib/a.txt', from: '' },
      { status: 'A', path: 'lib/b.txt', from: '' },
    ]);
  });

  it('lists the root once for calls made together, as a review makes them', async () => {
    const fresh = createSvnClient({ dataDir, timeoutMs: 20_000 });
    const seen = origin.operations().length;
    const [from, to] = [`r${revs.first}`, `r${revs.third}`];
    await Promise.all([
      fresh.log(remote, 'master', 1, { revision: to }),
      fresh.log(remote, 'master', 1, { revision: from }),
      fresh.between(remote, 'master', from, to, 10),
      fresh.changedFiles(remote, 'master', from, to),
    ]);
    expect(
      origin
        .operations()
        .slice(seen)
        .filter((op) => op === 'list'),
    ).toHaveLength(1);
  });

  it('takes a trunk without branches or tags folders as master alone', async () => {
    await origin.folder('lite/trunk');
    const lite = { ...remote, url: `${origin.url}/lite` };
    expect(await svn.branches(lite)).toEqual(['master']);
    expect(await svn.tags(lite, 5)).toEqual([]);
    expect((await refusal(svn.log(lite, 'feature-a', 1))).reason).toBe('git_bad_ref');
  });

  it('takes an address without the conventional layout as one branch, master', async () => {
    const trunkOnly = { ...remote, url: `${origin.url}/trunk` };
    expect(await svn.branches(trunkOnly)).toEqual(['master']);
    expect(await svn.tags(trunkOnly, 10)).toEqual([]);
    const dir = copy('trunk-only');
    const c = await svn.checkout(dir, trunkOnly, { branch: 'master' });
    expect(c.commit).toBe(`r${revs.third}`);
    expect(read(dir, 'index.html')).toBe('v3\n');
  });
});

describe('working copies', () => {
  it('checks out master, then a revision, a branch and a tag, exactly', async () => {
    const dir = copy('exact');
    const head = await svn.checkout(dir, remote, { branch: 'master' });
    expect(head).toMatchObject({ commit: `r${revs.third}`, message: 'third page' });
    expect(read(dir, 'index.html')).toBe('v3\n');
    expect(fs.existsSync(path.join(dir, 'lib/a.txt'))).toBe(false);

    // A local change and a stray file do not survive the next checkout.
    fs.writeFileSync(path.join(dir, 'index.html'), 'edited by hand\n');
    fs.writeFileSync(path.join(dir, 'stray.txt'), 'left behind\n');
    const old = await svn.checkout(dir, remote, { branch: 'master', revision: `r${revs.first}` });
    expect(old).toMatchObject({ commit: `r${revs.first}`, author: 'alice' });
    expect(read(dir, 'index.html')).toBe('v1\n');
    expect(read(dir, 'lib/a.txt')).toBe('a\n');
    expect(fs.existsSync(path.join(dir, 'stray.txt'))).toBe(false);

    await svn.checkout(dir, remote, { branch: 'feature-a' });
    expect(read(dir, 'index.html')).toBe('branch\n');
    const tagged = await svn.checkout(dir, remote, { tag: 'v1.0' });
    expect(tagged).toMatchObject({ tag: 'v1.0', commit: `r${revs.tag}` });
    expect(read(dir, 'index.html')).toBe('v2\n');
  });

  it('brings a copy up to a new revision by fetching only the change', async () => {
    const dir = copy('incremental');
    await svn.checkout(dir, remote, { branch: 'master' });
    const untouched = fs.statSync(path.join(dir, 'index.html'));
    const next = await origin.commit({ 'lib/b.txt': 'b2\n' }, 'fourth');
    const c = await svn.checkout(dir, remote, { branch: 'master' });
    expect(c.commit).toBe(`r${next}`);
    expect(read(dir, 'lib/b.txt')).toBe('b2\n');
    // The file that did not change was not written again.
    const after = fs.statSync(path.join(dir, 'index.html'));
    expect([after.ino, after.mtimeMs]).toEqual([untouched.ino, untouched.mtimeMs]);
  });
});

describe('failures', () => {
  it('refuses a wrong password without saying it', async () => {
    const e = await refusal(svn.ping({ ...remote, password: 'not-the-one-9' }));
    expect(e.reason).toBe('git_auth_failed');
    expect(e.message).not.toContain('not-the-one-9');
  });

  it('says when the host does not answer and when the path does not exist', async () => {
    const port = await closedPort();
    const down = await refusal(svn.ping({ ...remote, url: `svn://127.0.0.1:${port}/repo` }));
    expect(down.reason).toBe('git_unreachable');
    expect(down.message).toMatch(/Connection refused/);
    const missing = await refusal(svn.branches({ ...remote, url: `${origin.url}/no/such/path` }));
    expect(missing.reason).toBe('git_not_found');
    const noRevision = await refusal(
      svn.checkout(copy('bad-rev'), remote, { branch: 'master', revision: 'r99999' }),
    );
    expect(noRevision.reason).toBe('git_bad_ref');
  });

  it('refuses option-like or path-like branch, tag and revision names before svn runs', async () => {
    for (const branch of ['--config-dir=/tmp/x', '../../trunk', 'a/b', 'a;id']) {
      expect((await refusal(svn.log(remote, branch, 1))).reason).toBe('git_bad_ref');
    }
    expect((await refusal(svn.checkout(copy('x'), remote, { tag: '-r1' }))).reason).toBe(
      'git_bad_ref',
    );
    for (const revision of ['r1;id', '-r', 'HEAD', 'r1:2']) {
      expect(
        (await refusal(svn.checkout(copy('x'), remote, { branch: 'master', revision }))).reason,
      ).toBe('git_bad_ref');
    }
  });

  it('never puts the password in the arguments or the environment of svn', async () => {
    // A stand-in `svn` first on PATH notes its arguments and environment, then runs the real one.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-svn-spy-'));
    const notes = path.join(bin, 'notes');
    fs.writeFileSync(
      path.join(bin, 'svn'),
      `#!/bin/sh\nprintf '%s\\n' "$@" >> ${notes}\nenv >> ${notes}\nexec /usr/bin/svn "$@"\n`,
      { mode: 0o755 },
    );
    const before = process.env.PATH;
    process.env.PATH = `${bin}:${before}`;
    try {
      await svn.branches(remote);
      await svn.checkout(copy('spied'), remote, { branch: 'master' });
    } finally {
      process.env.PATH = before;
    }
    const seen = fs.readFileSync(notes, 'utf8');
    expect(seen).toContain('--password-from-stdin');
    expect(seen).not.toContain(origin.password);
    fs.rmSync(bin, { recursive: true, force: true });
  });
});
