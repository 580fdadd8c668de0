import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { multipartFile, warmTestDb } from '../../../test/server-fixtures.js';
import { KEY_FILE_RULE } from '../../infra/ssh/key-files.js';

const HEADER =
  'name,os,host,port,owner,path,password,description,jumpHost,jumpPort,jumpOwner,jumpPath,jumpPassword';

/** The key directory (FERRY_KEY_DIR) with one key file: an import only checks that it is there. */
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-keys-'));
const keyPath = path.join(keyDir, 'id_ed25519');
fs.writeFileSync(keyPath, 'key text', { mode: 0o600 });

beforeAll(warmTestDb, 60_000);
afterAll(() => fs.rmSync(keyDir, { recursive: true, force: true }));

describe('server CSV import', () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp(
    (app, actor) => {
      t = app;
      admin = actor;
    },
    { FERRY_KEY_DIR: keyDir },
  );

  const upload = (content: string | Buffer, field = 'file') => {
    const { body, headers } = multipartFile(field, 'servers.csv', content);
    return t.call<{ count: number }>('POST', '/server/import', {
      token: admin.token,
      ns: 1,
      body,
      headers,
    });
  };
  const rows = () => t.db.selectFrom('server').selectAll().orderBy('id').execute();

  it('imports every row into the current namespace without contacting the servers', async () => {
    const csv = [
      `\ufeff${HEADER}`,
      'web-1,linux,10.0.0.1,22,deploy,,s3cret-pw,"front, primary",,,,,',
      '',
      `db-1,,db.internal,2222,root,${keyPath},key-pass,,10.0.0.9,0,jump,,jump-pw`,
    ].join('\r\n');
    const r = await upload(csv);
    expect(r).toMatchObject({ code: 0, data: { count: 2 } });
    const [web, db] = await rows();
    expect(web).toMatchObject({
      namespace_id: 1,
      name: 'web-1',
      ip: '10.0.0.1',
      port: 22,
      owner: 'deploy',
      auth_type: 'password',
      description: 'front, primary',
      os: 'linux',
      state: 1,
      host_key: '',
      os_info: '',
      jump_ip: '',
    });
    expect(web!.password).toMatch(/^v1:/);
    expect(db).toMatchObject({
      name: 'db-1',
      ip: 'db.internal',
      port: 2222,
      os: 'linux',
      auth_type: 'keyFile',
      path: keyPath,
      password: '',
      jump_ip: '10.0.0.9',
      jump_owner: 'jump',
      jump_auth_type: 'password',
    });
    expect(db!.passphrase).toMatch(/^v1:/);
    expect(db!.jump_password).toMatch(/^v1:/);
  });

  it('reads a file with only the required columns, in any order', async () => {
    const r = await upload('owner,port,host,name\nroot,22,10.0.0.2,x\n');
    expect(r.code).toBe(10003); // no password and no key file: the server could not log in
    expect(r.message).toBe('row 2: password is required for password login');
    const ok = await upload('owner,port,host,name,password\nroot,22,10.0.0.2,x,pw\n');
    expect(ok).toMatchObject({ code: 0, data: { count: 1 } });
  });

  it('imports nothing when one row is bad and lists every problem with its line', async () => {
    const csv = [
      HEADER,
      'ok,linux,10.0.0.1,22,deploy,,pw,,,,,,',
      'bad-port,linux,10.0.0.2,70000,deploy,,pw,,,,,,',
      'bad-host,linux,-oProxyCommand=x,22,,,pw,,,,,,',
      'bad-os,solaris,10.0.0.3,0,deploy,relative/key,,,10.0.0.9,,,,',
      'short,linux',
    ].join('\n');
    const r = await upload(csv);
    expect(r.code).toBe(10003);
    expect(r.message.split('\n')).toEqual([
      'row 3: port must be from 1 to 65535',
      'row 4: host must be an IP address or a host name',
      'row 4: owner is required',
      'row 5: port must be from 1 to 65535',
      'row 5: os must be linux or windows',
      `row 5: path ${KEY_FILE_RULE}`,
      'row 5: jumpOwner is required when jumpHost is set',
      'row 5: jumpPassword is required for password login',
      'row 6: has 2 fields, the header has 13',
    ]);
    expect(await rows()).toEqual([]);
  });

  it('names the line a multi-line row starts on', async () => {
    const csv = `${HEADER}\nok,linux,10.0.0.1,22,deploy,,"two\nlines",,,,,,\nx,linux,10.0.0.1,abc,deploy,,pw,,,,,,\n`;
    const r = await upload(csv);
    expect(r).toMatchObject({ code: 10003, message: 'row 4: port must be an integer' });
  });

  it('refuses a file whose header names an unknown column or lacks a required one', async () => {
    const unknown = await upload('name,host,port,owner,passwd\nx,10.0.0.1,22,root,pw\n');
    expect(unknown.code).toBe(10003);
    expect(unknown.message).toMatch(/^file has an unknown column "passwd"/);
    const missing = await upload('name,host,port,password\nx,10.0.0.1,22,pw\n');
    expect(missing).toMatchObject({ code: 10003, message: 'file needs the column "owner"' });
    expect(await upload(`${HEADER}\n`)).toMatchObject({
      code: 10003,
      message: 'file holds no server rows',
    });
    const broken = await upload('name,host,port,owner,password\n"x,10.0.0.1,22,root,pw\n');
    expect(broken.code).toBe(10003);
    expect(broken.message).toMatch(/^file is not valid CSV/);
  });

  it('refuses an upload without the file field, a plain JSON body and a file over 1 MiB', async () => {
    expect(await upload('name\n', 'other')).toMatchObject({
      code: 10003,
      message: 'file is required',
    });
    const json = await t.call('POST', '/server/import', { token: admin.token, ns: 1, body: {} });
    expect(json).toMatchObject({
      code: 10003,
      message: 'file must be uploaded as multipart/form-data',
    });
    const big = `${HEADER}\n${'x'.repeat(1024 * 1024)}\n`;
    expect(await upload(big)).toMatchObject({ code: 10003, message: 'file must be at most 1 MiB' });
    expect(await rows()).toEqual([]);
  });
});
