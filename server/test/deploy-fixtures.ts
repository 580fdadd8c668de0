import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './build-test-app.js';
import type { Actor } from './factories.js';
import type { GitOrigin } from './git-fixture.js';
import { projectForm, type ProjectForm } from './project-fixtures.js';
import { addServer, serverForm } from './server-fixtures.js';
import type { SshdServer } from './sshd-fleet.js';

/** A fresh path where every fleet server sees a directory of its own (see `mountAt`). */
export const deployMountPoint = () => `/srv/ferry-test-${randomBytes(4).toString('hex')}`;

export interface TraceRow {
  id: number;
  type: number;
  state: number;
  serverId: number;
  ext: string;
  detail: string;
}

/** Adds the servers (password logins) and a project deploying `origin` to them; answers ids. */
export async function addDeployProject(
  t: TestApp,
  admin: Actor,
  opts: {
    origin: GitOrigin;
    servers: readonly SshdServer[];
    mountAt: string;
    project?: Partial<ProjectForm>;
  },
): Promise<{ projectId: number; serverIds: number[] }> {
  const serverIds: number[] = [];
  for (const s of opts.servers) serverIds.push(await addServer(t, admin, serverForm(s)));
  const r = await t.call<{ id: number }>('POST', '/project/add', {
    token: admin.token,
    ns: 1,
    body: projectForm({
      url: opts.origin.url,
      path: `${opts.mountAt}/app`,
      symlinkPath: `${opts.mountAt}/releases`,
      symlinkBackupNumber: 2,
      transferType: 'rsync',
      transferOption: '-rtv --exclude .git --delete-after',
      serverIds,
      ...opts.project,
    }),
  });
  if (r.code !== 0) throw new Error(`add project: ${r.code} ${r.message}`);
  return { projectId: r.data.id, serverIds };
}

/** Publishes and waits until the queue has nothing left to do; answers the token. */
export async function publishAndWait(
  t: TestApp,
  actor: Actor,
  body: Record<string, unknown>,
  route = '/deploy/publish',
): Promise<string> {
  const r = await t.call<{ token: string }>('POST', route, { token: actor.token, ns: 1, body });
  if (r.code !== 0) throw new Error(`publish: ${r.code} ${r.message}`);
  await t.deployQueue.idle();
  return r.data.token;
}

/** The queue's status of the deploy `token` ('succeeded', 'failed', …). */
export async function jobStatus(t: TestApp, token: string): Promise<string> {
  const job = await t.db
    .selectFrom('job')
    .select('status')
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  return job.status;
}

export async function traceOf(t: TestApp, actor: Actor, token: string): Promise<TraceRow[]> {
  const r = await t.call<{ list: TraceRow[] }>('GET', '/deploy/getPublishTrace', {
    token: actor.token,
    ns: 1,
    query: { lastPublishToken: token },
  });
  if (r.code !== 0) throw new Error(`trace: ${r.code} ${r.message}`);
  return r.data.list;
}

/** The full text of every trace row of a deploy (what a user can read about it). */
export async function everythingShown(t: TestApp, actor: Actor, token: string): Promise<string> {
  const rows = await traceOf(t, actor, token);
  const details = await Promise.all(
    rows.map((row) =>
      t.call<{ detail: string }>('GET', '/deploy/getPublishTraceDetail', {
        token: actor.token,
        ns: 1,
        query: { id: row.id },
      }),
    ),
  );
  const log = await t.call('GET', '/deploy/getPublishLog', {
    token: actor.token,
    ns: 1,
    query: { token },
  });
  return JSON.stringify([rows, details.map((d) => d.data), log.data]);
}

/** What a server holds at `rel` under the shared mount point, from the test's side. */
export function onServer(s: SshdServer, rel: string): string {
  if (!s.mounted) throw new Error('the fleet was started without mountAt');
  return path.join(s.mounted, rel);
}

export const readOn = (s: SshdServer, rel: string) => fs.readFileSync(onServer(s, rel), 'utf8');
export const existsOn = (s: SshdServer, rel: string) => fs.existsSync(onServer(s, rel));

/** Removes everything deployed to the servers, so the next test starts with nothing there. */
export function emptyServers(servers: readonly SshdServer[]): void {
  for (const s of servers) {
    for (const entry of fs.readdirSync(s.mounted!)) {
      fs.rmSync(onServer(s, entry), { recursive: true, force: true });
    }
  }
}

/** The edit form of a project as its list row shows it (secrets left empty: unchanged). */
export async function editForm(t: TestApp, actor: Actor, id: number) {
  const r = await t.call<{ list: Array<Record<string, unknown>> }>('GET', '/project/getList', {
    token: actor.token,
    ns: 1,
  });
  const p = r.data.list.find((x) => x.id === id);
  if (!p) throw new Error(`project ${id} is not listed`);
  const keep = [
    ...['id', 'name', 'repoType', 'url', 'label', 'path', 'environment', 'branch'],
    ...['symlinkPath', 'symlinkBackupNumber', 'transferType', 'transferOption', 'script'],
    ...['deployServerMode', 'maxParallelServers', 'buildTimeout', 'transferTimeout'],
    ...['afterDeployTimeout', 'serverIds', 'userIds', 'repoAuthType', 'repoUsername'],
  ];
  return Object.fromEntries(keep.map((k) => [k, p[k]]));
}
