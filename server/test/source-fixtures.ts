import fs from 'node:fs';
import path from 'node:path';
import { TraceType } from '@ferry/contract';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.js';
import { everythingShown, existsOn, publishAndWait, readOn, traceOf } from './deploy-fixtures.js';
import type { Actor } from './factories.js';
import { projectForm, type ProjectForm } from './project-fixtures.js';
import type { SshdServer } from './sshd-fleet.js';

/**
 * Helpers of the tests of SFTP and FTP sources: a folder's files written with times of their own,
 * projects deploying such a folder into symlink releases, what a deploy's pull stage says, and
 * the scenario both kinds of source must pass.
 */

/** Writes `root/rel` with a modification time of its own, whole seconds in the past. */
export function putSourceFile(root: string, rel: string, content: string, secondsAgo = 0) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  fs.writeFileSync(file, content, { mode: 0o644 });
  const when = Math.floor(Date.now() / 1000) - 1000 + secondsAgo;
  fs.utimesSync(file, when, when);
}

/** Calls a route as `actor` in namespace 1: a GET's body is its query. */
export function callAs(t: TestApp, actor: Actor) {
  return <T = unknown>(method: 'GET' | 'POST', route: string, body: object) =>
    t.call<T>(method, route, {
      token: actor.token,
      ns: 1,
      ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
    });
}

/**
 * Adds a project `name` reading the source `access` and deploying over rsync into symlink
 * releases under `<mountAt>/<name>` on `serverId`; answers its id.
 */
export async function addSourceProject(
  t: TestApp,
  actor: Actor,
  target: { serverId: number; mountAt: string },
  name: string,
  access: Partial<ProjectForm>,
): Promise<number> {
  const r = await callAs(t, actor)<{ id: number }>(
    'POST',
    '/project/add',
    projectForm({
      name,
      branch: '',
      path: `${target.mountAt}/${name}/app`,
      symlinkPath: `${target.mountAt}/${name}/releases`,
      symlinkBackupNumber: 3,
      transferType: 'rsync',
      transferOption: '-rtv --delete-after',
      serverIds: [target.serverId],
      ...access,
    }),
  );
  expect(r.message).toBe('');
  return r.data.id;
}

/** The pull stage of the deploy `token`: the commit it recorded and its log. */
export async function pullOf(t: TestApp, actor: Actor, token: string) {
  const row = (await traceOf(t, actor, token)).find((r) => r.type === TraceType.pull)!;
  const detail = await callAs(t, actor)<{ detail: string }>(
    'GET',
    '/deploy/getPublishTraceDetail',
    { id: row.id },
  );
  return { commit: JSON.parse(row.ext) as Record<string, unknown>, log: detail.data.detail };
}

/** What the incremental-deploy scenario needs of one kind of source. */
export interface SourceScenario {
  t: TestApp;
  actor: Actor;
  /** The deploy target and what it holds. */
  server: SshdServer;
  /** The source folder, seen from the test's side; it holds index.html, lib/same.js, lib/old.js. */
  folder: string;
  /** A new project reading that folder, deployed under `<mount>/<name>`. */
  addProject: (name: string) => Promise<number>;
  /** A secret that must show nowhere in the deploy. */
  secret: string;
  /** How many files the source's server has sent so far, when it tells. */
  downloads?: () => number;
}

/**
 * A source folder deployed into symlink releases: everything the first time, nothing when
 * nothing changed (same commit), only the changed files after a change, the removed file gone
 * from the server, and a rollback to the first deploy re-linking its kept release.
 */
export async function deploysOnlyWhatChanged(s: SourceScenario, name: string): Promise<void> {
  const { t, actor, server } = s;
  const sentBefore = s.downloads?.() ?? 0;
  const sent = () => (s.downloads ? s.downloads() - sentBefore : undefined);
  const id = await s.addProject(name);
  const v1 = await publishAndWait(t, actor, { projectId: id });
  expect(readOn(server, `${name}/app/index.html`)).toBe('v1\n');
  expect(readOn(server, `${name}/app/lib/old.js`)).toBe('old\n');
  const first = await pullOf(t, actor, v1);
  expect(first.commit).toMatchObject({
    branch: 'virtual',
    commit: expect.stringMatching(/^[0-9a-f]{40}$/),
  });
  expect(first.log).toContain('fetched 3 files');
  if (s.downloads) expect(sent()).toBe(3);
  expect(await everythingShown(t, actor, v1)).not.toContain(s.secret);

  // The same tree again: nothing travels, and the commit is the same.
  const again = await pullOf(t, actor, await publishAndWait(t, actor, { projectId: id }));
  expect(again.log).toContain('fetched 0 files');
  expect(again.commit.commit).toBe(first.commit.commit);

  // One file changed, one removed, one added: only two travel.
  putSourceFile(s.folder, 'index.html', 'v2, a longer page\n', 10);
  fs.rmSync(path.join(s.folder, 'lib/old.js'));
  putSourceFile(s.folder, 'lib/new.js', 'new\n', 11);
  const v2 = await publishAndWait(t, actor, { projectId: id });
  const second = await pullOf(t, actor, v2);
  expect(second.log).toContain('fetched 2 files');
  if (s.downloads) expect(sent()).toBe(5);
  expect(second.commit.commit).not.toBe(first.commit.commit);
  expect(second.commit.diff).toBe('A lib/new.js\nM index.html\nD lib/old.js');
  expect(readOn(server, `${name}/app/index.html`)).toBe('v2, a longer page\n');
  expect(existsOn(server, `${name}/app/lib/old.js`)).toBe(false);

  // Back to the first deploy: its release is still on the server, so it is re-linked.
  const back = await callAs(t, actor)<{ type: string }>('POST', '/deploy/rebuild', { token: v1 });
  expect(back.code, back.message).toBe(0);
  expect(back.data.type).toBe('symlink');
  await t.deployQueue.idle();
  expect(readOn(server, `${name}/app/index.html`)).toBe('v1\n');
}
