import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  deployMountPoint,
  everythingShown,
  jobStatus,
  publishAndWait,
} from '../../../test/deploy-fixtures.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { startFtpOrigin, type FtpOrigin } from '../../../test/ftp-fixture.js';
import type { ProjectForm } from '../../../test/project-fixtures.js';
import {
  addSourceProject,
  callAs,
  deploysOnlyWhatChanged,
  putSourceFile,
} from '../../../test/source-fixtures.js';
import { addServer, closedPort, serverForm } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { createFtpSources } from '../../infra/source-tree/ftp-source.js';

/**
 * FTP sources end to end against Debian's vsftpd (a user with a password, explicit TLS with a
 * certificate of a test CA the console is told to trust), deployed over rsync into symlink
 * releases on a real sshd: the repository routes, goploy's password in the address, deploys that
 * fetch only what changed, rollback, and the failures a user meets.
 */
const mountAt = deployMountPoint();
let fleet: SshdFleet;
let server: SshdServer;
let origin: FtpOrigin;
let t: TestApp;
let admin: Actor;
let serverId: number;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  server = fleet.servers[0]!;
  origin = await startFtpOrigin();
  fs.mkdirSync(path.join(origin.root, 'site'), { mode: 0o755 });
  putSource('site/index.html', 'v1\n', 1);
  putSource('site/lib/same.js', 'same\n', 2);
  putSource('site/lib/old.js', 'old\n', 3);
  t = await buildTestApp({}, { ftpTrustedCa: origin.ca });
  admin = await adminOf(t);
  serverId = await addServer(t, admin, serverForm(server));
}, 90_000);

afterAll(async () => {
  await t?.close();
  await origin?.stop();
  await fleet?.stopAll();
});

const sourceUrl = (scheme = 'ftps', folder = 'site') =>
  `${scheme}://${origin.user}@${origin.host}:${origin.port}${origin.root}/${folder}`;

const ftpAccess = (password = origin.password, scheme = 'ftps') => ({
  repoType: 'ftp' as const,
  url: sourceUrl(scheme),
  repoAuthType: 'token' as const,
  repoToken: password,
});

const putSource = (rel: string, content: string, secondsAgo = 0) =>
  putSourceFile(origin.root, rel, content, secondsAgo);

const call = <T = unknown>(method: 'GET' | 'POST', route: string, body: object) =>
  callAs(t, admin)<T>(method, route, body);

const addFtpProject = (name: string, extra: Partial<ProjectForm> = {}) =>
  addSourceProject(t, admin, { serverId, mountAt }, name, { ...ftpAccess(), ...extra });

describe('the repository routes of an FTP source', () => {
  it('tests the source over FTPS and plain FTP and offers the virtual branch', async () => {
    for (const scheme of ['ftps', 'ftp']) {
      const ping = await call('POST', '/project/pingRepos', ftpAccess(origin.password, scheme));
      expect(ping.code, `${scheme}: ${ping.message}`).toBe(0);
    }
    const branches = await call<{ branch: string[] }>(
      'POST',
      '/project/getRemoteBranchList',
      ftpAccess(),
    );
    expect(branches.data.branch).toEqual(['virtual']);
  });

  it("takes goploy's password out of the address and never shows it back", async () => {
    const url = `ftps://${origin.user}:${encodeURIComponent(origin.password)}@${origin.host}:${origin.port}${origin.root}/site`;
    const id = await addFtpProject('goploy-form', { url, repoAuthType: 'none', repoToken: '' });
    const list = await call<{ list: Array<{ id: number; url: string; repoAuthType: string }> }>(
      'GET',
      '/project/getList',
      {},
    );
    const row = list.data.list.find((p) => p.id === id)!;
    expect(row).toMatchObject({ url: sourceUrl(), repoAuthType: 'token' });
    expect(JSON.stringify(list.data)).not.toContain(origin.password);
    const stored = await t.db
      .selectFrom('project')
      .select(['url', 'repo_token'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.url).toBe(sourceUrl());
    expect(stored.repo_token).not.toContain(origin.password);
    const token = await publishAndWait(t, admin, { projectId: id });
    expect(await jobStatus(t, token)).toBe('succeeded');
  }, 60_000);

  // A failed login waits out the server's delay (vsftpd's and PAM's), then come five more logins
  // over TLS: more than vitest's 5 s on a busy machine.
  it('refuses a wrong password, a closed port, a missing folder and an untrusted certificate clearly', async () => {
    const refusedWith = async (body: object) => {
      const r = await call<null>('POST', '/project/pingRepos', { ...ftpAccess(), ...body });
      expect(JSON.stringify([r.code, r.message, r.data, r.reason])).not.toContain('wrong-pass-93');
      return r;
    };
    expect(await refusedWith({ repoToken: 'wrong-pass-93' })).toMatchObject({
      code: 2,
      reason: 'source_auth',
    });
    const port = await closedPort();
    expect(
      await refusedWith({ url: `ftp://${origin.user}@${origin.host}:${port}/x` }),
    ).toMatchObject({
      code: 2,
      reason: 'source_refused',
    });
    const missing = await refusedWith({ url: sourceUrl('ftps', 'nothing-here') });
    expect(missing).toMatchObject({ code: 2, reason: 'source_missing' });
    // A console that does not trust the test CA refuses the certificate (goploy skips the check).
    const untrusting = createFtpSources();
    const remote = {
      secure: true,
      host: origin.host,
      port: origin.port,
      user: origin.user,
      password: origin.password,
      path: `${origin.root}/site`,
    };
    await expect(untrusting.ping(remote)).rejects.toMatchObject({ reason: 'source_tls_untrusted' });
    await expect(untrusting.ping({ ...remote, secure: false })).resolves.toBeUndefined();
    // Unless the project turns the check off, as goploy always does.
    await expect(untrusting.ping({ ...remote, skipVerify: true })).resolves.toBeUndefined();
  }, 30_000);

  it('keeps whether a project skips the certificate check, for FTP sources alone', async () => {
    const skipping = await addFtpProject('ftps-unchecked', { repoTlsSkipVerify: 1 });
    const checking = await addFtpProject('ftps-checked');
    const gitProject = await addSourceProject(t, admin, { serverId, mountAt }, 'git-unchecked', {
      repoType: 'git',
      url: 'https://git.example.com/org/app.git',
      repoAuthType: 'none',
      branch: 'main',
      repoTlsSkipVerify: 1,
    });
    const list = await call<{ list: Array<{ id: number; repoTlsSkipVerify: number }> }>(
      'GET',
      '/project/getList',
      {},
    );
    const flag = (id: number) => list.data.list.find((p) => p.id === id)?.repoTlsSkipVerify;
    expect(flag(skipping)).toBe(1);
    expect(flag(gitProject)).toBe(0);
    expect(flag(checking)).toBe(0);
  });

  it('refuses addresses that would leave the folder or carry options, naming the field', async () => {
    for (const url of [
      `ftp://${origin.host}/srv/../etc`,
      `ftp://${origin.host}/srv ;id`,
      `ftp://${origin.host}:0/srv`,
      '--config=/x ftp://h/x',
      'sftp://h/x',
    ]) {
      const r = await call('POST', '/project/pingRepos', { ...ftpAccess(), url });
      expect(r.code, url).toBe(10003);
      expect(r.message, url).toMatch(/^url /);
    }
    // A password login needs the user in the address.
    const r = await call('POST', '/project/pingRepos', {
      ...ftpAccess(),
      url: `ftps://${origin.host}:${origin.port}/srv`,
    });
    expect(r).toMatchObject({ code: 10003 });
    expect(r.message).toMatch(/^url must name the user/);
  });
});

describe('deploying an FTP source', () => {
  it('deploys the folder, then only what changed, and rolls back to the release kept', async () => {
    await deploysOnlyWhatChanged(
      {
        t,
        actor: admin,
        server,
        folder: `${origin.root}/site`,
        addProject: (name) => addFtpProject(name),
        secret: origin.password,
        downloads: () => origin.downloads(),
      },
      'ftp-site',
    );
  }, 120_000);

  it('fails the deploy with the reason when the folder is gone, and says no password', async () => {
    const id = await addFtpProject('ftp-gone', { url: sourceUrl('ftps', 'moved-away') });
    const token = await publishAndWait(t, admin, { projectId: id });
    expect(await jobStatus(t, token)).toBe('failed');
    const shown = await everythingShown(t, admin, token);
    expect(shown).toContain(
      `${origin.root}/moved-away on ${origin.host}:${origin.port} does not exist`,
    );
    expect(shown).not.toContain(origin.password);
  }, 60_000);
});
