import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  deployMountPoint,
  everythingShown,
  jobStatus,
  existsOn,
  onServer,
  publishAndWait,
  readOn,
} from '../../../test/deploy-fixtures.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import type { ProjectForm } from '../../../test/project-fixtures.js';
import {
  addSourceProject,
  callAs,
  deploysOnlyWhatChanged,
  pullOf,
  putSourceFile,
} from '../../../test/source-fixtures.js';
import { addServer, closedPort, serverForm } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';

/**
 * SFTP sources end to end on the tests' real sshd: the folder `source` of the server's mount is
 * the source, deployed over rsync into symlink releases on the same server. The repository
 * routes, deploys that fetch only what changed, rollback, links that lead out of the folder, the
 * host key pinned on first contact, and the failures a user meets.
 */
const mountAt = deployMountPoint();
let fleet: SshdFleet;
let server: SshdServer;
let t: TestApp;
let admin: Actor;
let serverId: number;
let sourceDir: string;
let keyDir: string;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  server = fleet.servers[0]!;
  sourceDir = onServer(server, 'source');
  putSource('index.html', 'v1\n', 1);
  putSource('lib/same.js', 'same\n', 2);
  putSource('lib/old.js', 'old\n', 3);
  // The key directory servers' and sources' key files must lie in, with a copy of a client key.
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-sftp-keys-'));
  fs.writeFileSync(path.join(keyDir, 'source_key'), server.keys.plain.privateKey, { mode: 0o600 });
  t = await buildTestApp({ FERRY_KEY_DIR: keyDir });
  admin = await adminOf(t);
  serverId = await addServer(t, admin, serverForm(server));
}, 90_000);

afterAll(async () => {
  await t?.close();
  await fleet?.stopAll();
  fs.rmSync(keyDir, { recursive: true, force: true });
});

const sourceUrl = (folder = 'source') =>
  `sftp://${server.user}@${server.host}:${server.port}${mountAt}/${folder}`;

const sftpAccess = (password = server.password) => ({
  repoType: 'sftp' as const,
  url: sourceUrl(),
  repoAuthType: 'token' as const,
  repoToken: password,
});

const putSource = (rel: string, content: string, secondsAgo = 0) =>
  putSourceFile(sourceDir, rel, content, secondsAgo);

const call = <T = unknown>(method: 'GET' | 'POST', route: string, body: object) =>
  callAs(t, admin)<T>(method, route, body);

const addSftpProject = (name: string, extra: Partial<ProjectForm> = {}) =>
  addSourceProject(t, admin, { serverId, mountAt }, name, { ...sftpAccess(), ...extra });

describe('the repository routes of an SFTP source', () => {
  it('tests the source, pins its host key and offers the virtual branch', async () => {
    const ping = await call<{ hostKey: string }>('POST', '/project/pingRepos', sftpAccess());
    expect(ping.code, ping.message).toBe(0);
    expect(ping.data.hostKey).toBe(server.hostKeyFingerprint);
    const branches = await call<{ branch: string[] }>(
      'POST',
      '/project/getRemoteBranchList',
      sftpAccess(),
    );
    expect(branches.data.branch).toEqual(['virtual']);
    const id = await addSftpProject('listed');
    const saved = await call<{ list: string[] }>('GET', '/repository/getBranchList', { id });
    expect(saved.data.list).toEqual(['virtual']);
    const commits = await call<{ list: unknown[] }>('GET', '/repository/getCommitList', {
      id,
      branch: 'virtual',
    });
    expect(commits.data.list).toEqual([]);
  });

  it('logs in with a pasted key too', async () => {
    const ping = await call('POST', '/project/pingRepos', {
      ...sftpAccess(),
      repoAuthType: 'key',
      repoPrivateKey: server.keys.plain.privateKey,
    });
    expect(ping.code, ping.message).toBe(0);
  });

  it('refuses a wrong password, a closed port and a missing folder clearly, saying no password', async () => {
    const refusedWith = async (body: object) => {
      const r = await call<null>('POST', '/project/pingRepos', { ...sftpAccess(), ...body });
      expect(JSON.stringify([r.code, r.message, r.data, r.reason])).not.toContain('wrong-pass-58');
      return r;
    };
    expect(await refusedWith({ repoToken: 'wrong-pass-58' })).toMatchObject({
      code: 2,
      reason: 'ssh_auth',
    });
    const port = await closedPort();
    expect(await refusedWith({ url: `sftp://${server.user}@127.0.0.1:${port}/srv` })).toMatchObject(
      { code: 2, reason: 'ssh_refused' },
    );
    const missing = await refusedWith({ url: sourceUrl('nothing-here') });
    expect(missing).toMatchObject({ code: 2, reason: 'source_missing' });
    expect(missing.message).toContain(`${mountAt}/nothing-here`);
  });

  it("logs in with goploy's --keyFile= inside the key directory, and no other", async () => {
    const withKeyFile = (file: string) => ({
      ...sftpAccess(),
      url: `${sourceUrl()} --keyFile=${file}`,
      repoAuthType: 'none' as const,
    });
    const ok = await call('POST', '/project/pingRepos', withKeyFile(`${keyDir}/source_key`));
    expect(ok.code, ok.message).toBe(0);
    for (const file of ['/root/.ssh/id_rsa', `${keyDir}/../etc/passwd`, `${keyDir}/missing`]) {
      const r = await call('POST', '/project/pingRepos', withKeyFile(file));
      expect(r.code, file).toBe(10003);
      expect(r.message).toBe(
        'url --keyFile= must name a private key file inside the key directory (FERRY_KEY_DIR); without it, key files are refused',
      );
    }
    // The key file is the credential: no password or pasted key beside it.
    const both = await call('POST', '/project/pingRepos', {
      ...withKeyFile(`${keyDir}/source_key`),
      repoAuthType: 'token',
    });
    expect(both).toMatchObject({ code: 10003 });
    expect(both.message).toMatch(/^repoAuthType must be none when the address names a key file/);
    const id = await addSftpProject('key-file', withKeyFile(`${keyDir}/source_key`));
    const token = await publishAndWait(t, admin, { projectId: id });
    expect(await jobStatus(t, token)).toBe('succeeded');
  }, 60_000);

  it('refuses addresses that carry a password, options or a path out of the root', async () => {
    for (const url of [
      `${sourceUrl()} --keyFile=relative/key`,
      `sftp://${server.user}:secret@${server.host}:${server.port}/srv`,
      `sftp://-oProxyCommand=x@${server.host}/srv`,
      `sftp://${server.host}/srv/../etc`,
      `sftp://${server.host}/`,
      `${sourceUrl()} --user=-oProxyCommand=id`,
      `${sourceUrl()} ;id`,
      'ftp://host/path',
    ]) {
      const r = await call('POST', '/project/pingRepos', { ...sftpAccess(), url });
      expect(r.code, url).toBe(10003);
      expect(r.message, url).toMatch(/^url /);
    }
    const none = await call('POST', '/project/pingRepos', {
      ...sftpAccess(),
      repoAuthType: 'none',
    });
    expect(none.code).toBe(10003);
    expect(none.message).toMatch(/^repoAuthType /);
  });
});

describe('deploying an SFTP source', () => {
  it('deploys the folder, then only what changed, and rolls back to the release kept', async () => {
    await deploysOnlyWhatChanged(
      {
        t,
        actor: admin,
        server,
        folder: sourceDir,
        addProject: (name) => addSftpProject(name),
        secret: server.password,
      },
      'site',
    );
  }, 120_000);

  it('follows links inside the folder and skips those leading out of it', async () => {
    fs.symlinkSync('/etc', path.join(sourceDir, 'etc-out'));
    fs.symlinkSync(`${server.dir}`, path.join(sourceDir, 'home-out'));
    fs.symlinkSync('lib', path.join(sourceDir, 'lib-again'));
    fs.symlinkSync('..', path.join(sourceDir, 'lib', 'up'));
    try {
      const id = await addSftpProject('linked');
      const token = await publishAndWait(t, admin, { projectId: id });
      const { log } = await pullOf(t, admin, token);
      expect(log).toContain('skipped link etc-out');
      expect(log).toContain('skipped link home-out');
      expect(existsOn(server, 'linked/app/etc-out')).toBe(false);
      expect(existsOn(server, 'linked/app/home-out')).toBe(false);
      expect(readOn(server, 'linked/app/lib-again/same.js')).toBe('same\n');
    } finally {
      for (const link of ['etc-out', 'home-out', 'lib-again', 'lib/up']) {
        fs.rmSync(path.join(sourceDir, link), { force: true });
      }
    }
  }, 60_000);

  it('fails the deploy with the reason when the password no longer works, and says no password', async () => {
    const id = await addSftpProject('locked', { ...sftpAccess('not-the-password-64') });
    const token = await publishAndWait(t, admin, { projectId: id });
    expect(await jobStatus(t, token)).toBe('failed');
    const shown = await everythingShown(t, admin, token);
    expect(shown).toContain('rejected the password');
    expect(shown).not.toContain('not-the-password-64');
  }, 60_000);

  // Last: the server's new host key also stops deploys to it.
  it('refuses a changed host key until it is accepted for the project', async () => {
    const id = await addSftpProject('rekeyed');
    await server.restartWithNewHostKey();
    const refused = await call('POST', '/project/pingRepos', sftpAccess());
    expect(refused).toMatchObject({ code: 2, reason: 'ssh_host_key_changed' });
    const accepted = await call<{ hostKey: string }>('POST', '/project/acceptRepoHostKey', { id });
    expect(accepted.code, accepted.message).toBe(0);
    expect(accepted.data.hostKey).toBe(server.hostKeyFingerprint);
    const ping = await call('POST', '/project/pingRepos', sftpAccess());
    expect(ping.code, ping.message).toBe(0);
  }, 60_000);
});
