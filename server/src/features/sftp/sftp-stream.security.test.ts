import fs from 'node:fs';
import path from 'node:path';
import { Perm } from '@ferry/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { addServer, multipartFile, serverForm } from '../../../test/server-fixtures.js';
import { homeOf, sftpRows, writeAs } from '../../../test/sftp-fixtures.js';

const sshd = useOneSshd();
let runs = 0;

/** One streaming route: how it is called with a path (or directory) on a server. */
interface StreamRoute {
  name: string;
  perm: number;
  /** The path fields a `..` or NUL must be refused in. */
  pathField: string;
  /** Whether an allowed call writes an `sftp_log` row (a status query does not). */
  logged: boolean;
  call(
    t: TestApp,
    token: string,
    serverId: number,
    dir: string,
    override?: object,
  ): Promise<number>;
}

/** The envelope code of an answer, 0 for a download that began. */
function codeOf(res: { headers: Record<string, unknown>; json(): unknown }): number {
  const type = String(res.headers['content-type']);
  return type.startsWith('application/json') ? (res.json() as { code: number }).code : 0;
}

const inject = async (
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { query?: object; payload?: Buffer | object; headers?: Record<string, string> },
) =>
  codeOf(
    await t.fastify.inject({
      method,
      url,
      query: opts.query as Record<string, string>,
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
      headers: { cookie: `goploy_token=${token}`, 'g-n-id': '1', ...opts.headers },
    }),
  );

const routes: StreamRoute[] = [
  {
    name: 'downloadFile',
    logged: true,
    perm: Perm.SFTPDownloadFile,
    pathField: 'file',
    call: (t, token, id, dir, o) =>
      inject(t, token, 'GET', '/server/downloadFile', {
        query: { id, file: `${dir}/f.txt`, ...o },
      }),
  },
  {
    name: 'downloadArchive',
    logged: true,
    perm: Perm.SFTPDownloadFile,
    pathField: 'dir',
    call: (t, token, id, dir, o) =>
      inject(t, token, 'GET', '/server/downloadArchive', {
        query: { id, dir, names: 'f.txt', ...o },
      }),
  },
  {
    name: 'uploadFile',
    logged: true,
    perm: Perm.SFTPUploadFile,
    pathField: 'filePath',
    call: (t, token, id, dir, o) => {
      const form = multipartFile('file', 'up.txt', 'uploaded');
      return inject(t, token, 'POST', '/server/uploadFile', {
        query: { id, filePath: dir, ...o },
        payload: form.body,
        headers: form.headers,
      });
    },
  },
  {
    name: 'uploadStatus',
    logged: false,
    perm: Perm.SFTPUploadFile,
    pathField: 'file',
    call: (t, token, id, dir, o) =>
      inject(t, token, 'GET', '/server/uploadStatus', {
        query: { serverId: id, file: `${dir}/c.txt`, size: 2, ...o },
      }),
  },
  {
    name: 'uploadChunk',
    logged: true,
    perm: Perm.SFTPUploadFile,
    pathField: 'file',
    call: (t, token, id, dir, o) =>
      inject(t, token, 'PUT', '/server/uploadChunk', {
        query: { serverId: id, file: `${dir}/c.txt`, size: 2, offset: 0, ...o },
        payload: Buffer.from('ok'),
        headers: { 'content-type': 'application/octet-stream' },
      }),
  },
  {
    name: 'uploadCancel',
    logged: false,
    perm: Perm.SFTPUploadFile,
    pathField: 'file',
    call: (t, token, id, dir, o) =>
      inject(t, token, 'DELETE', '/server/uploadCancel', {
        payload: { serverId: id, file: `${dir}/c.txt`, ...o },
      }),
  },
  {
    name: 'transferFile',
    logged: true,
    perm: Perm.SFTPTransferFile,
    pathField: 'sourceFile',
    call: (t, token, id, dir, o) =>
      inject(t, token, 'POST', '/server/transferFile', {
        payload: {
          sourceServerId: id,
          sourceFile: `${dir}/f.txt`,
          destServerIds: [id],
          destDir: `${dir}/copy`,
          ...o,
        },
      }),
  },
];

describe('the streaming file routes are guarded', { timeout: 30_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let serverId: number;
  let foreignId: number;
  let dir: string;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });
  beforeEach(async () => {
    serverId = await addServer(t, admin, serverForm(sshd.server, { name: 'ours' }));
    await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'other' } });
    foreignId = await addServer(t, admin, serverForm(sshd.server, { name: 'theirs' }), 2);
    const rel = `guard-${++runs}`;
    writeAs(sshd.server, `${rel}/f.txt`, 'content');
    dir = path.join(homeOf(sshd.server), rel);
  });

  /** The directory as the routes left it: nothing may have changed after a refusal. */
  const listing = () => fs.readdirSync(dir).sort();

  for (const route of routes) {
    it(`${route.name}: refused without permission ${route.perm}, and on another namespace's server`, async () => {
      const others = routes.filter((r) => r.perm !== route.perm).map((r) => r.perm);
      const without = await memberOf(t, admin, {
        account: 'without',
        namespaceId: 1,
        permissionIds: [...new Set([Perm.ShowSftpFilePage, ...others])],
      });
      const holder = await memberOf(t, admin, {
        account: 'holder',
        namespaceId: 1,
        permissionIds: [route.perm],
      });
      expect(await route.call(t, without.token, serverId, dir)).toBe(1);
      expect(await route.call(t, holder.token, foreignId, dir)).toBe(1);
      expect(await route.call(t, holder.token, 9999, dir)).toBe(1);
      expect(listing()).toEqual(['f.txt']);
      expect(await sftpRows(t)).toEqual([]);
      expect(await route.call(t, holder.token, serverId, dir)).toBe(0);
      // A download's row is written as its answer ends: wait for it within this test.
      await expect.poll(async () => (await sftpRows(t)).length).toBe(route.logged ? 1 : 0);
    });

    it(`${route.name}: refuses '..' and NUL in ${route.pathField} with 10003`, async () => {
      for (const bad of [`${dir}/../${path.basename(dir)}`, `${dir}/f\0.txt`]) {
        const override = { [route.pathField]: bad };
        expect(await route.call(t, admin.token, serverId, dir, override)).toBe(10003);
      }
      expect(listing()).toEqual(['f.txt']);
      expect(await sftpRows(t)).toEqual([]);
    });
  }
});
