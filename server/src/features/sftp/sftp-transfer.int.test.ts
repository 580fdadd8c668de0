import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HubType, type SftpTransferMessage } from '@ferry/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { addServer, serverForm, warmTestDb } from '../../../test/server-fixtures.js';
import { homeOf, sftpRows, sha256, writeAs } from '../../../test/sftp-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { startTcpRelay } from '../../../test/tcp-relay.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
let b: SshdServer;
beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 2 }), warmTestDb()]);
  [a, b] = fleet.servers as [SshdServer, SshdServer];
}, 60_000);
afterAll(() => fleet?.stopAll());

let runs = 0;
const MiB = 1024 * 1024;

interface Results {
  /** goploy's, on failure: the first destination that failed. */
  serverId?: number;
  serverName?: string;
  results: { serverId: number; serverName: string; ok: boolean; error: string; bytes: number }[];
}

/** The hub frames of type 13 a socket receives. */
function transferFrames(ws: WebSocket): SftpTransferMessage[] {
  const frames: SftpTransferMessage[] = [];
  ws.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString('utf8')) as { type: number; message: unknown };
    if (frame.type === HubType.sftpTransfer) frames.push(frame.message as SftpTransferMessage);
  });
  return frames;
}

/** Relative path → `{mode, content}` of files, `{mode}` of dirs, `{link}` of links. */
function treeOf(root: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      const full = path.join(root, p);
      const mode = fs.lstatSync(full).mode & 0o7777;
      if (e.isSymbolicLink()) out[p] = { link: fs.readlinkSync(full) };
      else if (e.isDirectory()) {
        out[p] = { mode };
        walk(p);
      } else out[p] = { mode, content: sha256(fs.readFileSync(full)) };
    }
  };
  walk('');
  return out;
}

describe('transfers between servers', { timeout: 30_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let idA: number;
  let idB: number;
  let rel: string;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });
  beforeEach(async () => {
    idA = await addServer(t, admin, serverForm(a, { name: 'alpha' }));
    idB = await addServer(t, admin, serverForm(b, { name: 'beta' }));
    rel = `xfer-${++runs}`;
  });

  const transfer = (body: Record<string, unknown>, token = admin.token) =>
    t.call<Results>('POST', '/server/transferFile', { token, ns: 1, body });

  it('sends a file to every destination at once; one that is down fails alone, both reported', async () => {
    const relay = await startTcpRelay(b);
    const idDown = await addServer(t, admin, serverForm(relay.server, { name: 'down' }));
    await relay.close();
    const data = randomBytes(3 * MiB + 11);
    const source = writeAs(a, `${rel}/src/app.bin`, data, 0o750);
    const destDir = path.join(homeOf(b), rel, 'dest');
    const mine = await t.sockets.injectWS(`/ws/connect?token=${admin.token}&G-N-ID=1`);
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, roleId: 2 });
    const theirs = await t.sockets.injectWS(`/ws/connect?token=${bob.token}&G-N-ID=1`);
    await expect.poll(() => t.hub.size()).toBe(2);
    const seen = transferFrames(mine);
    const leaked = transferFrames(theirs);

    const r = await transfer({
      sourceServerId: idA,
      sourceFile: source,
      destServerIds: [idB, idDown],
      destDir,
      transferId: 'xfer-1',
    });
    expect(r).toMatchObject({ code: 2, reason: 'transfer_failed' });
    expect(r.data.results).toEqual([
      { serverId: idB, serverName: 'beta', ok: true, error: '', bytes: data.length },
      { serverId: idDown, serverName: 'down', ok: false, error: expect.any(String), bytes: 0 },
    ]);
    expect(r.data.results[1]!.error).toMatch(/refused|connect/i);
    expect(r.message).toContain('down');
    // goploy's page prints `data.serverName` beside the message: the destination that failed.
    expect(r.data).toMatchObject({ serverId: idDown, serverName: 'down' });
    const copy = path.join(destDir, 'app.bin');
    expect(sha256(fs.readFileSync(copy))).toBe(sha256(data));
    expect(fs.statSync(copy).mode & 0o777).toBe(0o750);
    expect(fs.readdirSync(destDir)).toEqual(['app.bin']);

    await expect
      .poll(() => seen.filter((f) => f.state !== 'running').map((f) => [f.serverId, f.state]))
      .toEqual([
        [idB, 'done'],
        [idDown, 'failed'],
      ]);
    expect(seen[0]).toMatchObject({ transferId: 'xfer-1', serverId: idB, state: 'running' });
    expect(seen.find((f) => f.state === 'done')).toMatchObject({
      bytes: data.length,
      total: data.length,
      error: '',
    });
    expect(leaked).toEqual([]);
    mine.terminate();
    theirs.terminate();

    const rows = await sftpRows(t);
    expect(rows).toMatchObject([{ type: 'TRANSFER', server_id: idA, path: source, state: 0 }]);
    expect(rows[0]!.detail).toMatch(new RegExp(`^to ${destDir}: beta ${data.length} bytes; down `));
  });

  it('copies a directory tree with modes and links, to another server and to its own', async () => {
    writeAs(a, `${rel}/site/index.html`, '<h1>hi</h1>', 0o644);
    writeAs(a, `${rel}/site/bin/run.sh`, '#!/bin/sh\necho run', 0o755);
    writeAs(a, `${rel}/site/secret`, 'k', 0o600);
    writeAs(a, `${rel}/site/ro/inside.txt`, 'in a read-only dir', 0o644);
    writeAs(a, `${rel}/site/empty/.keep`, '', 0o644);
    const siteOnA = path.join(homeOf(a), rel, 'site');
    fs.symlinkSync('bin/run.sh', path.join(siteOnA, 'start'));
    fs.lchownSync(path.join(siteOnA, 'start'), a.uid, a.uid);
    fs.chmodSync(path.join(siteOnA, 'ro'), 0o555);
    fs.chmodSync(path.join(siteOnA, 'bin'), 0o750);

    const onB = path.join(homeOf(b), rel, 'copies');
    const onA = path.join(homeOf(a), rel, 'copies');
    const r1 = await transfer({
      sourceServerId: idA,
      sourceFile: siteOnA,
      destServerIds: [idB],
      destDir: onB,
    });
    const r2 = await transfer({
      sourceServerId: idA,
      sourceFile: siteOnA,
      destServerIds: [idA],
      destDir: onA,
    });
    for (const r of [r1, r2])
      expect(r).toMatchObject({ code: 0, data: { results: [{ ok: true }] } });
    const total = ['<h1>hi</h1>', '#!/bin/sh\necho run', 'k', 'in a read-only dir', ''].join(
      '',
    ).length;
    expect(r1.data.results[0]!.bytes).toBe(total);
    const expected = treeOf(siteOnA);
    expect(Object.keys(expected)).toContain('start');
    expect(treeOf(path.join(onB, 'site'))).toEqual(expected);
    expect(treeOf(path.join(onA, 'site'))).toEqual(expected);
    expect((await sftpRows(t)).map((row) => [row.type, row.state])).toEqual([
      ['TRANSFER', 1],
      ['TRANSFER', 1],
    ]);
  });

  it('reports a destination the caller may not use as a failed result without naming it', async () => {
    await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'other' } });
    const foreign = await addServer(t, admin, serverForm(b, { name: 'theirs' }), 2);
    const source = writeAs(a, `${rel}/f.txt`, 'x');
    const r = await transfer({
      sourceServerId: idA,
      sourceFile: source,
      destServerIds: [idB, foreign, 9999],
      destDir: path.join(homeOf(b), rel),
    });
    expect(r).toMatchObject({ code: 2, reason: 'transfer_failed' });
    const hidden = {
      ok: false,
      serverName: '',
      bytes: 0,
      error: expect.stringMatching(/not found/),
    };
    expect(r.data.results).toEqual([
      { serverId: idB, serverName: 'beta', ok: true, error: '', bytes: 1 },
      { serverId: foreign, ...hidden },
      { serverId: 9999, ...hidden },
    ]);
    expect(fs.readFileSync(path.join(homeOf(b), rel, 'f.txt'), 'utf8')).toBe('x');
  });

  it('drops a destination that cannot write while the others go on', async () => {
    writeAs(a, `${rel}/tree/one.txt`, 'one');
    writeAs(a, `${rel}/tree/two.txt`, 'two');
    // Beta's home: beta's user writes there, alpha's user may not.
    const onB = path.join(homeOf(b), rel);
    const r = await transfer({
      sourceServerId: idA,
      sourceFile: path.join(homeOf(a), rel, 'tree'),
      destServerIds: [idA, idB],
      destDir: onB,
    });
    expect(r).toMatchObject({ code: 2, reason: 'transfer_failed' });
    expect(r.data.results.map((x) => [x.serverName, x.ok, x.bytes])).toEqual([
      ['alpha', false, 0],
      ['beta', true, 6],
    ]);
    expect(r.data).toMatchObject({ serverId: idA, serverName: 'alpha' });
    expect(r.data.results[0]!.error).toMatch(/^Cannot write .*: permission denied$/);
    expect(fs.readFileSync(path.join(onB, 'tree', 'two.txt'), 'utf8')).toBe('two');
  });

  it('answers a missing source with file_missing and / with 10003', async () => {
    const missing = await transfer({
      sourceServerId: idA,
      sourceFile: path.join(homeOf(a), 'nope'),
      destServerIds: [idB],
      destDir: homeOf(b),
    });
    expect(missing).toMatchObject({ code: 2, reason: 'file_missing' });
    const root = await transfer({
      sourceServerId: idA,
      sourceFile: '/',
      destServerIds: [idB],
      destDir: homeOf(b),
    });
    expect(root).toMatchObject({ code: 10003 });
    expect(await sftpRows(t)).toMatchObject([{ type: 'TRANSFER', state: 0 }]);
  });
});
