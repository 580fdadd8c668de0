import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exitCode,
  signedIn,
  startConsole,
  type StartedConsole,
} from '../../../test/console-process.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { listProcesses, processesRunning } from '../../../test/linux-processes.js';
import { serverForm } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';

const PASSWORD = 'Admin123!';
let fleet: SshdFleet;
let origin: GitOrigin;
let dataDir: string;
const children: StartedConsole[] = [];

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1 });
  origin = await createGitOrigin();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-restart-'));
}, 60_000);
afterAll(async () => {
  for (const c of children) c.child.kill('SIGKILL');
  // A build cut off by the kill outlives the console (its group is no child of the new one).
  for (const cmd of ['sleep 63', 'sleep 67']) {
    for (const pid of processesRunning(cmd)) process.kill(pid, 'SIGKILL');
  }
  await fleet?.stopAll();
  origin?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const until = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('a console killed during a deploy', () => {
  it('marks the deploy interrupted at the next start, frees the project and keeps queued deploys', async () => {
    await origin.commit({ 'a.txt': 'a' }, 'one');
    const env = { FERRY_DATA_DIR: dataDir, FERRY_ADMIN_PASSWORD: PASSWORD };
    const first = await startConsole(env);
    children.push(first);
    const api = await signedIn(first.url, 'admin', PASSWORD);
    const server = await api<{ id: number }>('POST', '/server/add', serverForm(fleet.servers[0]!));
    expect(server.code).toBe(0);
    const project = await api<{ id: number }>('POST', '/project/add', {
      name: 'slow',
      repoType: 'git',
      url: origin.url,
      path: `${fleet.servers[0]!.dir}/home/app`,
      environment: 4,
      branch: 'main',
      serverIds: [server.data.id],
      script: { afterPull: { mode: 'bash', content: 'sleep 63' } },
    });
    expect(project.message).toBe('');
    const running = await api<{ token: string }>('POST', '/deploy/publish', {
      projectId: project.data.id,
    });
    const queued = await api<{ token: string; ahead: number }>('POST', '/deploy/publish', {
      projectId: project.data.id,
    });
    expect(queued.data.ahead).toBe(1);
    const progress = (token: string) =>
      api<{ status: string; state: number }>('GET', '/deploy/getPublishProgress', {
        lastPublishToken: token,
      });
    await until(
      async () => (await progress(running.data.token)).data.status === 'running',
      'the build',
    );

    first.child.kill('SIGKILL');
    await exitCode(first.child);

    const second = await startConsole(env);
    children.push(second);
    const again = await signedIn(second.url, 'admin', PASSWORD);
    const p1 = await again<{ status: string; state: number }>('GET', '/deploy/getPublishProgress', {
      lastPublishToken: running.data.token,
    });
    expect(p1.data).toMatchObject({ status: 'failed', state: 0 });
    const trace = await again<{ list: Array<{ type: number; state: number }> }>(
      'GET',
      '/deploy/getPublishTrace',
      { lastPublishToken: running.data.token },
    );
    const last = trace.data.list.at(-1)!;
    expect(last).toMatchObject({ type: 8, state: 0 });
    const detail = await again<{ detail: string }>('GET', '/deploy/getPublishTraceDetail', {
      id: String((last as unknown as { id: number }).id),
    });
    expect(detail.data.detail).toBe('interrupted by restart');

    // The queued deploy was kept and now runs; cancelling it leaves the project not deploying.
    await until(
      async () => (await progress2(again, queued.data.token)) === 'running',
      'the queued deploy',
    );
    await again('POST', '/deploy/cancel', { token: queued.data.token });
    await until(
      async () => (await progress2(again, queued.data.token)) === 'cancelled',
      'the cancel',
    );
    const list = await again<{ list: Array<{ id: number; deployState: number }> }>(
      'GET',
      '/deploy/getList',
    );
    expect(list.data.list.find((p) => p.id === project.data.id)?.deployState).toBe(3);
    second.child.kill('SIGTERM');
    expect(await exitCode(second.child)).toBe(0);
  }, 90_000);
});

describe('a console killed during a build', () => {
  it('ends the build left running before the next deploy of the project starts', async () => {
    await origin.commit({ 'b.txt': 'b' }, 'build');
    const marks = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-groups-'));
    const env = {
      FERRY_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-restart-')),
      FERRY_ADMIN_PASSWORD: PASSWORD,
    };
    // Each build first notes any earlier build still running (its group alive), then its own
    // group id (bash leads the group), then builds for long, then writes that it finished.
    const script = [
      `for g in $(cat ${marks}/groups 2>/dev/null); do`,
      // A live member, zombies aside (whoever adopted the killed console's children may not
      // have reaped them yet, and `kill -0` counts zombies).
      `  awk -v g=$g '{ s = $0; sub(/.*\\) /, "", s); split(s, f, " "); if (f[3] == g && f[1] != "Z") live = 1 } END { exit !live }' /proc/[0-9]*/stat 2>/dev/null && echo $g >> ${marks}/overlap`,
      'done',
      `echo $$ >> ${marks}/groups`,
      'sleep 67',
      `echo $$ >> ${marks}/finished`,
    ].join('\n');
    const lines = (name: string) =>
      fs.existsSync(path.join(marks, name))
        ? fs.readFileSync(path.join(marks, name), 'utf8').split('\n').filter(Boolean)
        : [];
    const first = await startConsole(env);
    children.push(first);
    const api = await signedIn(first.url, 'admin', PASSWORD);
    const server = await api<{ id: number }>('POST', '/server/add', serverForm(fleet.servers[0]!));
    const project = await api<{ id: number }>('POST', '/project/add', {
      name: 'build',
      repoType: 'git',
      url: origin.url,
      path: `${fleet.servers[0]!.dir}/home/build`,
      environment: 4,
      branch: 'main',
      serverIds: [server.data.id],
      script: { afterPull: { mode: 'bash', content: script } },
    });
    expect(project.message).toBe('');
    await api('POST', '/deploy/publish', { projectId: project.data.id });
    const queued = await api<{ token: string }>('POST', '/deploy/publish', {
      projectId: project.data.id,
    });
    await until(() => Promise.resolve(lines('groups').length === 1), 'the first build');
    const pgid = Number(lines('groups')[0]);
    // The console records a started program's group in the database just after starting it; a
    // console killed in between (a few milliseconds, longer on a busy machine) cannot name the
    // group to the next start. The kill comes once the group is recorded.
    await until(() => Promise.resolve(groupRecorded(env.FERRY_DATA_DIR, pgid)), 'the record');

    first.child.kill('SIGKILL');
    await exitCode(first.child);
    expect(groupAlive(pgid)).toBe(true);

    const second = await startConsole(env);
    children.push(second);
    const again = await signedIn(second.url, 'admin', PASSWORD);
    await until(() => Promise.resolve(lines('groups').length === 2), 'the next build');
    expect(lines('overlap')).toEqual([]);
    expect(groupAlive(pgid)).toBe(false);
    expect(lines('finished')).toEqual([]);

    await again('POST', '/deploy/cancel', { token: queued.data.token });
    await until(
      async () => (await progress2(again, queued.data.token)) === 'cancelled',
      'the cancel',
    );
    second.child.kill('SIGTERM');
    expect(await exitCode(second.child)).toBe(0);
    fs.rmSync(marks, { recursive: true, force: true });
    fs.rmSync(env.FERRY_DATA_DIR, { recursive: true, force: true });
  }, 90_000);
});

/** Whether any process of the group is alive (zombies waiting to be reaped count as gone). */
/** Whether the console on `dataDir` recorded process group `pgid` of a running job. */
function groupRecorded(dataDir: string, pgid: number): boolean {
  const db = new Database(path.join(dataDir, 'ferry.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select 1 from job_process_group where pgid = ?').get(pgid) !== undefined;
  } finally {
    db.close();
  }
}

function groupAlive(pgid: number): boolean {
  return listProcesses().some((p) => {
    if (p.state === 'Z') return false;
    try {
      const stat = fs.readFileSync(`/proc/${p.pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2] === String(pgid);
    } catch {
      return false;
    }
  });
}

async function progress2(
  api: Awaited<ReturnType<typeof signedIn>>,
  token: string,
): Promise<string> {
  const r = await api<{ status: string }>('GET', '/deploy/getPublishProgress', {
    lastPublishToken: token,
  });
  return r.data.status;
}
