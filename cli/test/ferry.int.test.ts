import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../server/test/build-test-app.js';
import { capturedLog } from '../../server/test/captured-log.js';
import { deployMountPoint, existsOn, readOn } from '../../server/test/deploy-fixtures.js';
import { adminOf, memberOf, type Actor } from '../../server/test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../server/test/git-fixture.js';
import { projectForm, type ProjectForm } from '../../server/test/project-fixtures.js';
import { addServer, serverForm } from '../../server/test/server-fixtures.js';
import { startSshdFleet, type SshdFleet } from '../../server/test/sshd-fleet.js';
import { ferryRunner, type FerryRun } from './run-ferry.js';

/**
 * `ferry` as a pipeline runs it: the built command in a child process, against a console
 * listening on a loopback port, deploying a git origin to real sshd servers. One console, fleet
 * and origin serve the whole file; each test has projects of its own.
 */

const mountAt = deployMountPoint();
const log = capturedLog();
const runs: FerryRun[] = [];
const ferry = ferryRunner(runs);
let fleet: SshdFleet;
let origin: GitOrigin;
let t: TestApp;
let admin: Actor;
let url: string;
let serverIds: number[];
const keys: Record<'admin' | 'watcher' | 'asker', string> = { admin: '', watcher: '', asker: '' };
/** A directory every server's user can read, where a test drops files a script waits for. */
let signals: string;

const envOf = (key: string) => ({ FERRY_URL: url, FERRY_API_KEY: key, FERRY_NAMESPACE: '1' });
const asAdmin = () => envOf(keys.admin);

async function apiKeyOf(actor: Actor): Promise<string> {
  const r = await t.call<string>('PUT', '/user/generateApiKey', { token: actor.token, ns: 1 });
  if (r.code !== 0 || !r.data) throw new Error(`generateApiKey: ${r.code} ${r.message}`);
  return r.data;
}

/** A project deploying the origin to both servers, under a deploy path of its own. */
async function addProject(
  name: string,
  script: Partial<Record<string, string>> = {},
  extra: Partial<ProjectForm> = {},
) {
  const r = await t.call<{ id: number }>('POST', '/project/add', {
    token: admin.token,
    ns: 1,
    body: projectForm({
      name,
      url: origin.url,
      path: `${mountAt}/${name}`,
      symlinkPath: `${mountAt}/${name}-releases`,
      symlinkBackupNumber: 5,
      transferType: 'rsync',
      transferOption: '-rt --exclude .git --delete-after',
      serverIds,
      script: {
        afterPull: { mode: 'bash', content: script.afterPull ?? '' },
        afterDeploy: { mode: 'bash', content: script.afterDeploy ?? '' },
        deployFinish: { mode: 'bash', content: '' },
        customVariables: [],
      },
      ...extra,
    }),
  });
  if (r.code !== 0) throw new Error(`add project: ${r.code} ${r.message}`);
  return r.data.id;
}

beforeAll(async () => {
  [fleet, origin] = await Promise.all([startSshdFleet({ count: 2, mountAt }), createGitOrigin()]);
  await origin.commit({ 'index.html': 'v1' }, 'first');
  await origin.tag('v1.0');
  t = await buildTestApp({}, { logger: log.logger });
  await t.fastify.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.fastify.server.address() as AddressInfo).port}`;
  admin = await adminOf(t);
  serverIds = [];
  for (const s of fleet.servers) serverIds.push(await addServer(t, admin, serverForm(s)));
  // Sees every deploy card but may not deploy; may deploy but not review.
  const watcher = await memberOf(t, admin, {
    account: 'watcher',
    namespaceId: 1,
    permissionIds: [57, 58, 60],
  });
  const asker = await memberOf(t, admin, {
    account: 'asker',
    namespaceId: 1,
    permissionIds: [57, 58, 61],
  });
  [keys.admin, keys.watcher, keys.asker] = await Promise.all([
    apiKeyOf(admin),
    apiKeyOf(watcher),
    apiKeyOf(asker),
  ]);
  signals = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-cli-signals-'));
  fs.chmodSync(signals, 0o755);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fleet?.stopAll();
  origin?.cleanup();
  if (signals) fs.rmSync(signals, { recursive: true, force: true });
});

describe('ferry deploy', () => {
  it('streams the live log with --wait and exits 0 once the release is live', async () => {
    await addProject('web', {
      // The script holds until the test has seen its first line on ferry's stdout: the line
      // came live, not from the log read after the deploy ended.
      afterDeploy: [
        'echo "hello from ${SERVER_NAME}"',
        `for i in $(seq 1 200); do [ -e ${signals}/go-web ] && break; sleep 0.1; done`,
        `[ -e ${signals}/go-web ] && echo "released by the test"`,
      ].join('\n'),
    });
    const go = path.join(signals, 'go-web');
    const run = await ferry(['deploy', 'web', '--wait'], {
      env: asAdmin(),
      onStdout: (sofar) => {
        if (sofar.includes('hello from') && !fs.existsSync(go)) fs.writeFileSync(go, '');
      },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    for (const s of fleet.servers) {
      expect(run.stdout).toContain(`[afterDeploy srv-${s.user}] hello from srv-${s.user}`);
      expect(readOn(s, 'web/index.html')).toBe('v1');
    }
    expect(run.stdout).toContain('released by the test');
    expect(run.stdout).toMatch(/deployed web \([0-9a-f-]+\) in /);
    // Not a terminal: plain lines, no colour or progress codes.
    expect(run.stdout).not.toContain('\u001b');
  }, 60_000);

  it('exits 1 and prints the failing after-deploy script and its output', async () => {
    await addProject('broken', { afterDeploy: 'echo "migration 42 failed: disk full"\nexit 3' });
    const run = await ferry(['deploy', 'broken', '--wait'], { env: asAdmin() });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/afterDeploy on srv-fe[0-9a-f]+ failed:/);
    expect(run.stderr).toContain('migration 42 failed: disk full');
    const token = /the deploy of broken \((.+)\) failed/.exec(run.stderr)?.[1];
    expect(token).toBeDefined();

    const trace = await ferry(['log', token!], { env: asAdmin() });
    expect(trace.code).toBe(0);
    expect(trace.stdout).toMatch(/ pull {2}ok$/m);
    expect(trace.stdout).toMatch(/ afterDeploy srv-fe[0-9a-f]+ {2}failed$/m);
    expect(trace.stdout).toContain('  migration 42 failed: disk full');
  }, 60_000);

  it('exits 2 when the key may see the project but not deploy it', async () => {
    await addProject('guarded');
    const run = await ferry(['deploy', 'guarded'], { env: envOf(keys.watcher) });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('/deploy/publish refused (no permission)');
    expect(run.stdout).toBe('');
  });

  it('exits 2 on a project under review and prints where a reviewer approves it', async () => {
    await addProject('reviewed', {}, { review: 1 });
    const run = await ferry(['deploy', 'reviewed', '--wait', '--json'], { env: envOf(keys.asker) });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`waits for a reviewer at ${url}/deploy/index`);
    const doc = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ exitCode: 2, reviewUrl: `${url}/deploy/index` });
    expect(doc.reviewId).toBeGreaterThan(0);
  });

  it('exits 3 when --timeout passes first, and the deploy goes on', async () => {
    const go = path.join(signals, 'go-slow');
    const projectId = await addProject('slow', {
      afterPull: `for i in $(seq 1 300); do [ -e ${go} ] && break; sleep 0.1; done`,
    });
    const run = await ferry(['deploy', 'slow', '--wait', '--timeout', '1s', '--json'], {
      env: asAdmin(),
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/did not end within 1\.0s; it goes on in the console/);
    const { token } = JSON.parse(run.stdout) as { token: string };
    const progress = await t.call<{ status: string }>('GET', '/deploy/getPublishProgress', {
      token: admin.token,
      ns: 1,
      query: { lastPublishToken: token },
    });
    expect(progress.data.status).toBe('running');
    fs.writeFileSync(go, '');
    await t.deployQueue.idle();
    const status = await ferry(['status', String(projectId), '--json'], { env: asAdmin() });
    expect(JSON.parse(status.stdout)).toMatchObject({ lastPublishToken: token, state: 'deployed' });
  }, 30_000);
});

describe('ferry rollback', () => {
  it('--previous puts the release before the live one back on the servers', async () => {
    await addProject('shop');
    const first = await ferry(['deploy', 'shop', '--wait', '--json'], { env: asAdmin() });
    expect(first.code).toBe(0);
    await origin.commit({ 'index.html': 'v2' }, 'second');
    const second = await ferry(['deploy', 'shop', '--wait', '--json'], { env: asAdmin() });
    expect(JSON.parse(second.stdout)).toMatchObject({ project: 'shop', status: 'succeeded' });
    for (const s of fleet.servers) expect(readOn(s, 'shop/index.html')).toBe('v2');

    const back = await ferry(['rollback', 'shop', '--previous', '--wait'], { env: asAdmin() });
    expect(back.code).toBe(0);
    expect(back.stdout).toContain(
      `rolling back to ${(JSON.parse(first.stdout) as { token: string }).token}`,
    );
    for (const s of fleet.servers) expect(readOn(s, 'shop/index.html')).toBe('v1');

    // v1 is the first release: nothing before it, and v2 is not "previous".
    const again = await ferry(['rollback', 'shop', '--previous'], { env: asAdmin() });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('shop has no earlier release to roll back to');
  }, 60_000);
});

describe('--json', () => {
  it('prints one document for deploy, status, projects, servers and whoami', async () => {
    await addProject('docs');
    // A tag's commit (main has moved on to v2 by now), to one of the two servers.
    const [a, b] = fleet.servers;
    const deploy = await ferry(
      ['deploy', 'docs', '--tag', 'v1.0', '--servers', `srv-${a!.user}`, '--json'],
      { env: asAdmin() },
    );
    const { token, tag } = JSON.parse(deploy.stdout) as { token: string; tag: string };
    expect(token).toMatch(/^[0-9a-f-]+$/);
    expect(tag).toBe('v1.0');
    await t.deployQueue.idle();
    expect(readOn(a!, 'docs/index.html')).toBe('v1');
    expect(existsOn(b!, 'docs')).toBe(false);

    const status = JSON.parse(
      (await ferry(['status', 'docs', '--json'], { env: asAdmin() })).stdout,
    );
    expect(status).toMatchObject({ project: 'docs', state: 'deployed', lastPublishToken: token });
    expect(status.commit).toMatch(/^[0-9a-f]{40}$/);

    const projects = JSON.parse(
      (await ferry(['projects', '--json'], { env: asAdmin() })).stdout,
    ) as {
      projects: { name: string }[];
    };
    expect(projects.projects.map((p) => p.name)).toContain('docs');

    const servers = JSON.parse((await ferry(['servers', '--json'], { env: asAdmin() })).stdout) as {
      servers: { id: number }[];
    };
    expect(servers.servers.map((s) => s.id).sort()).toEqual([...serverIds].sort());

    const me = JSON.parse((await ferry(['whoami', '--json'], { env: envOf(keys.asker) })).stdout);
    expect(me).toMatchObject({ account: 'asker', namespaceId: 1, superManager: false });
    expect(me.permissions).toEqual(['ShowDeployPage', 'GetAllDeployList', 'DeployProject']);
  }, 30_000);

  it("ferry run prints each server's output and exit code, and exits 1 when one failed", async () => {
    const [a, b] = fleet.servers;
    const names = fleet.servers.map((s) => `srv-${s.user}`).join(',');
    const script = `echo "I am $(whoami)"\n[ "$(whoami)" = "${a!.user}" ] && exit 4\nexit 0\n`;
    const run = await ferry(['run', '-', '--servers', names, '--json'], {
      env: asAdmin(),
      stdin: script,
    });
    expect(run.code).toBe(1);
    const doc = JSON.parse(run.stdout) as {
      state: string;
      servers: { server: string; exitCode: number; output: string; state: string }[];
    };
    expect(doc.state).toBe('failed');
    const byName = new Map(doc.servers.map((s) => [s.server, s]));
    expect(byName.get(`srv-${a!.user}`)).toMatchObject({
      exitCode: 4,
      output: `I am ${a!.user}\n`,
    });
    expect(byName.get(`srv-${b!.user}`)).toMatchObject({ exitCode: 0, state: 'ok' });

    const file = path.join(signals, 'hello.sh');
    fs.writeFileSync(file, 'echo hello\n');
    const plain = await ferry(['run', file, '--servers', names], { env: asAdmin() });
    expect(plain.code).toBe(0);
    expect(plain.stdout.match(/^hello$/gm)).toHaveLength(2);
  }, 30_000);
});

describe('the API key', () => {
  it('shows in no line ferry printed and no line the console logged', async () => {
    // A refused key is echoed nowhere either.
    const wrong = await ferry(['whoami'], { env: envOf('not-a-key-0123456789abcdef') });
    expect(wrong.code).toBe(2);
    expect(runs.length).toBeGreaterThan(10);
    const secrets = [...Object.values(keys), 'not-a-key-0123456789abcdef'];
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      for (const r of runs) {
        expect(r.stdout).not.toContain(secret);
        expect(r.stderr).not.toContain(secret);
      }
      expect(log.lines.length).toBeGreaterThan(0);
      for (const line of log.lines) expect(line).not.toContain(secret);
    }
  });
});
