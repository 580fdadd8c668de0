import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOneSshd } from '../../../test/one-sshd.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { addServer, multipartFile, serverForm } from '../../../test/server-fixtures.js';
import type { RequestContext } from '../../core/http/context.js';

const RULE =
  'must name a private key file inside the key directory (FERRY_KEY_DIR); without it, key files are refused';

const sshd = useOneSshd();
/** FERRY_KEY_DIR: a copy of the sshd's client key, and links that try to leave. */
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-keys-'));
const allowed = path.join(keyDir, 'id_deploy');

beforeAll(() => {
  fs.copyFileSync(sshd.server.keys.plain.path, allowed);
  fs.symlinkSync('/etc/shadow', path.join(keyDir, 'shadow'));
  fs.symlinkSync(sshd.server.keys.plain.path, path.join(keyDir, 'outside'));
});
afterAll(() => fs.rmSync(keyDir, { recursive: true, force: true }));

/** A form logging in with the key file `file`. */
const withKeyFile = (file: string) =>
  serverForm(sshd.server, { authType: 'keyFile', password: '', path: file });

describe('key files on the console host', () => {
  let t: TestApp;
  let admin: Actor;
  const call = (method: 'POST' | 'PUT', url: string, body: unknown) =>
    t.call<Record<string, unknown>>(method, url, { token: admin.token, ns: 1, body });
  const open = async (env: Record<string, string>) => {
    t = await buildTestApp(env);
    admin = await adminOf(t);
  };
  afterAll(() => t?.close());

  it('refuses every key file while FERRY_KEY_DIR is not set', async () => {
    await open({});
    const r = await call('POST', '/server/check', withKeyFile(sshd.server.keys.plain.path));
    expect(r).toMatchObject({ code: 10003, message: `path ${RULE}` });
    await t.close();
  });

  describe('with FERRY_KEY_DIR', () => {
    beforeAll(() => open({ FERRY_KEY_DIR: keyDir }));

    it('logs in with a key file inside the directory', async () => {
      const r = await call('POST', '/server/check', withKeyFile(allowed));
      expect(r).toMatchObject({ code: 0, data: { fingerprint: sshd.server.hostKeyFingerprint } });
    });

    it("answers one message for a missing, a secret, an outside, a linked-out file and the console's key", async () => {
      const files = [
        '/etc/shadow',
        '/nonexistent/id_ed25519',
        path.join(keyDir, 'missing'),
        path.join(keyDir, '..', path.basename(keyDir), '..', '..', 'etc', 'shadow'),
        path.join(keyDir, 'shadow'),
        path.join(keyDir, 'outside'),
        keyDir,
        path.join(t.dataDir, 'ssh', 'id_ed25519'),
      ];
      for (const file of files) {
        const r = await call('POST', '/server/check', withKeyFile(file));
        expect(r, file).toMatchObject({ code: 10003, message: `path ${RULE}` });
      }
      const jump = await call('POST', '/server/check', {
        ...serverForm(sshd.server),
        jumpIP: '127.0.0.1',
        jumpOwner: 'x',
        jumpAuthType: 'keyFile',
        jumpPath: '/etc/shadow',
      });
      expect(jump).toMatchObject({ code: 10003, message: `jumpPath ${RULE}` });
    });

    it("refuses the console's own key, even copied into the directory", async () => {
      const copy = path.join(keyDir, 'console-copy');
      fs.copyFileSync(path.join(t.dataDir, 'ssh', 'id_ed25519'), copy);
      try {
        const r = await call('POST', '/server/check', withKeyFile(copy));
        expect(r).toMatchObject({ code: 10003, message: `path ${RULE}` });
      } finally {
        fs.rmSync(copy);
      }
    });

    it('stores no such path by add, edit or CSV import', async () => {
      const add = await call('POST', '/server/add', withKeyFile('/etc/shadow'));
      expect(add).toMatchObject({ code: 10003, message: `path ${RULE}` });
      expect(await t.db.selectFrom('server').select('id').execute()).toEqual([]);

      const id = await addServer(t, admin, serverForm(sshd.server));
      const edit = await call('PUT', '/server/edit', { id, ...withKeyFile('/etc/shadow') });
      expect(edit).toMatchObject({ code: 10003, message: `path ${RULE}` });

      const csv = 'name,host,port,owner,path\nx,127.0.0.1,22,root,/etc/shadow\n';
      const { body, headers } = multipartFile('file', 'servers.csv', csv);
      const upload = await t.call('POST', '/server/import', {
        token: admin.token,
        ns: 1,
        body,
        headers,
      });
      expect(upload).toMatchObject({ code: 10003, message: `row 2: path ${RULE}` });

      const rows = await t.db.selectFrom('server').select(['id', 'path', 'auth_type']).execute();
      expect(rows).toEqual([{ id, path: '', auth_type: 'password' }]);
    });

    it('refuses at connection time a key file stored before the rule', async () => {
      const id = await addServer(t, admin, serverForm(sshd.server));
      await t.db
        .updateTable('server')
        .set({ auth_type: 'keyFile', path: '/etc/shadow', password: '' })
        .where('id', '=', id)
        .execute();
      const server = await t.serverAccess.usable({ namespaceId: 1 } as RequestContext, id);
      const refused = t.serverAccess.connect(server);
      await expect(refused).rejects.toMatchObject({ reason: 'ssh_auth' });
      await expect(refused).rejects.toThrow(`the key file ${RULE}`);
    });
  });
});
