import type { Client } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { connectSsh } from '../ssh/connect.js';
import { execSsh } from '../ssh/exec.js';
import { shellQuote } from '../ssh/quote.js';
import {
  mkdirScript,
  releaseExistsScript,
  removeReleasesScript,
  switchLinkScript,
} from './remote-release.js';
import { passwordLogin } from '../../../test/sshd-login.js';

let fleet: SshdFleet | undefined;
let server: SshdServer;
let client: Client;
/** Under the user's home, with a space and a single quote to prove the quoting. */
let base: string;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  server = fleet.servers[0]!;
  client = await connectSsh(passwordLogin(server));
  base = `${server.dir}/home/app/it's a dir`;
}, 30_000);
afterAll(async () => {
  client?.end();
  await fleet?.stopAll();
});

const run = (script: string) => execSsh(client, { script }, { timeoutMs: 20_000 });
const out = async (script: string) => (await run(script)).stdout.trim();

describe('remote release scripts over ssh', { timeout: 30_000 }, () => {
  it('creates the release dir with its parents', async () => {
    const dir = `${base}/releases/r1`;
    expect((await run(mkdirScript(dir))).code).toBe(0);
    expect((await run(releaseExistsScript(dir))).code).toBe(0);
    expect((await run(releaseExistsScript(`${base}/releases/none`))).code).toBe(1);
  });

  it('switches the link from release A to B, relative to the link dir', async () => {
    const link = `${base}/current`;
    for (const r of ['A', 'B']) await run(mkdirScript(`${base}/releases/${r}`));
    expect((await run(switchLinkScript(`${base}/releases/A`, link))).code).toBe(0);
    expect(await out(`readlink ${shellQuote(link)}`)).toBe('./releases/A');
    expect((await run(switchLinkScript(`${base}/releases/B`, link))).code).toBe(0);
    expect(await out(`readlink ${shellQuote(link)}`)).toBe('./releases/B');
    expect(await out(`cd ${shellQuote(link)} && pwd -P`)).toBe(`${base}/releases/B`);
  });

  it('never leaves the link missing while it is switched back and forth', async () => {
    const link = `${base}/live`;
    const stop = `${base}/stop-watching`;
    await run(switchLinkScript(`${base}/releases/A`, link));
    // Checks the link as fast as the shell can until told to stop; counts the misses.
    const watcher = run(
      `l=${shellQuote(link)}; miss=0; checks=0
       while [ ! -e ${shellQuote(stop)} ]; do
         [ -L "$l" ] || miss=$((miss+1)); checks=$((checks+1))
       done
       echo "$miss $checks"`,
    );
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 20; i++) {
      const release = i % 2 === 0 ? 'B' : 'A';
      expect((await run(switchLinkScript(`${base}/releases/${release}`, link))).code).toBe(0);
    }
    await run(`touch ${shellQuote(stop)}`);
    const [miss, checks] = (await watcher).stdout.trim().split(' ').map(Number);
    expect(checks).toBeGreaterThan(100);
    expect(miss).toBe(0);
    expect(await out(`readlink ${shellQuote(link)}`)).toBe('./releases/A');
  });

  it('refuses to replace a real directory and says to remove it first', async () => {
    const real = `${base}/realdir`;
    await run(`${mkdirScript(real)} && echo kept > ${shellQuote(`${real}/data`)}`);
    const r = await run(switchLinkScript(`${base}/releases/A`, real));
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`${real} is a real directory`);
    expect(r.stderr).toContain('remove it first');
    expect(await out(`cat ${shellQuote(`${real}/data`)}`)).toBe('kept');
  });

  it('removes the named releases and nothing else', async () => {
    const root = `${base}/prune`;
    for (const n of ['old-1', 'old-2', 'new']) await run(mkdirScript(`${root}/${n}/sub`));
    expect((await run(removeReleasesScript(root, ['old-1', 'old-2']))).code).toBe(0);
    expect(await out(`ls ${shellQuote(root)}`)).toBe('new');
  });
});
