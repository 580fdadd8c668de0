import { randomUUID } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMariadb } from '../../../../scripts/mariadb-server.mjs';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  createGoployDatabase,
  seedGoploy,
  type GoployFixture,
} from '../../../test/goploy-fixture.js';
import { sharedMariadb, uniqueDatabaseName } from '../../../test/shared-mariadb.js';
import { counted, runImport, rowCounts } from '../../../test/goploy-import-run.js';
import { formatTime } from '../../core/clock.js';
import type { ImportReport } from './import-report.js';
import { goployTime } from './import-context.js';

interface GoployTraceRow {
  id: number;
  token: string;
  type: number;
  state: number;
  detail: string;
  ext: string;
  publisher_name: string;
  insert_time: string;
  update_time: string;
}

interface Preview {
  token: string;
  state: number;
  status: string;
  ext: string;
  branch: string;
  message: string;
  tag: string;
  publisherId: number;
  publisherName: string;
  kind: string;
  current: boolean;
  insertTime: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TABLES = [
  'publish_trace',
  'job',
  'project_release',
  'project_task',
  'project_review',
] as const;

let maria: TestMariadb;
beforeAll(async () => {
  maria = await sharedMariadb();
}, 120_000);

describe('importing goploy deploy history, scheduled deploys and reviews', () => {
  let t: TestApp;
  let fx: GoployFixture;
  let goployUrl: string;
  let report: ImportReport;
  let admin: string;
  let ns: number;
  let alice: number;
  /** An older successful deploy of `web`, added to the fixture: a release to roll back to. */
  const older = randomUUID();
  const adminsCommit = 'a'.repeat(40);
  const goployRows = async <T>(query: string, params: unknown[] = []) => {
    const conn = await mysql.createConnection({ uri: goployUrl, dateStrings: true });
    try {
      return (await conn.query(query, params))[0] as T[];
    } finally {
      await conn.end();
    }
  };
  const counts = () => rowCounts(t, TABLES);

  beforeAll(async () => {
    goployUrl = await createGoployDatabase(maria.url, uniqueDatabaseName('goploy_history'));
    fx = await seedGoploy(goployUrl);
    await goployRows(
      `insert into publish_trace (token, project_id, project_name, detail, state, publisher_id,
         publisher_name, type, insert_time, update_time, ext)
       select ?, project_id, project_name, detail, state, publisher_id, publisher_name, type,
         insert_time - interval 2 day, update_time - interval 2 day, ext
       from publish_trace where token = ? order by id`,
      [older, fx.deploys.success.token],
    );
    // A task the admin scheduled (goploy's alice, a deployer, may not schedule in Ferry).
    await goployRows(
      `insert into project_task (project_id, commit, branch, date, state, is_run, creator_id, creator)
       values (?, ?, 'main', now() + interval 8 day, 1, 0, ?, ?)`,
      [fx.projects.web.id, adminsCommit, fx.users.admin.id, fx.users.admin.name],
    );
    t = await buildTestApp();
    report = await runImport(t, goployUrl);
    admin = await t.login('admin', fx.users.admin.password);
    ns = (
      await t.db
        .selectFrom('namespace')
        .select('id')
        .where('name', '=', 'goploy')
        .executeTakeFirstOrThrow()
    ).id;
    alice = (
      await t.db
        .selectFrom('user')
        .select('id')
        .where('account', '=', 'alice')
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('carries every trace row as goploy wrote it, refusing none', async () => {
    expect(report.refusals).toEqual([]);
    expect(report.written).toBe(true);
    expect(counted(report, 'publish_trace')).toMatchObject({ read: 14, imported: 14 });
    expect(report.notCarried.map((n) => n.table)).not.toEqual(
      expect.arrayContaining(['publish_trace']),
    );
    const token = fx.deploys.success.token;
    const source = await goployRows<GoployTraceRow>(
      'select * from publish_trace where token = ? order by id',
      [token],
    );
    const carried = await t.db
      .selectFrom('publish_trace')
      .selectAll()
      .where('token', '=', token)
      .orderBy('id')
      .execute();
    expect(carried.map((r) => r.type)).toEqual([0, 2, 3, 5, 6, 8]);
    carried.forEach((row, i) => {
      const g = source[i]!;
      expect(row).toMatchObject({
        namespace_id: ns,
        project_id: fx.projects.web.id,
        project_name: 'web',
        type: g.type,
        state: g.state,
        detail: g.detail,
        ext: g.ext,
        publisher_id: alice,
        publisher_name: g.publisher_name,
        server_id: g.type === 5 || g.type === 6 ? fx.servers.sshd.id : 0,
        insert_time: goployTime(g.insert_time),
      });
    });
    // goploy's masked sshpass stays masked; no plain password of the fixture is in the text.
    expect(carried.find((r) => r.type === 5)!.ext).toContain('sshpass -p *****');
    const text = JSON.stringify(await t.db.selectFrom('publish_trace').selectAll().execute());
    const secrets = [
      ...Object.values(fx.users).map((u) => u.password),
      ...Object.values(fx.servers).map((s) => s.password),
      fx.servers.jump.jumpPassword,
    ].filter((s) => s.length > 3);
    for (const s of secrets) expect(text).not.toContain(s);
    expect(JSON.stringify(report)).not.toContain('*****');
  });

  it("serves web's history through /deploy/getPreview and the trace routes as goploy's client reads them", async () => {
    const r = await t.call<{ list: Preview[]; pagination: { total: number } }>(
      'GET',
      '/deploy/getPreview',
      { token: admin, ns, query: { projectId: fx.projects.web.id, page: 1, rows: 20 } },
    );
    expect(r.code, r.message).toBe(0);
    expect(r.data.pagination.total).toBe(3);
    const of = (token: string) => r.data.list.find((h) => h.token === token);
    const [last, earlier, failed] = [fx.deploys.success.token, older, fx.deploys.failed.token].map(
      of,
    );
    const pull = JSON.parse(
      (
        await goployRows<GoployTraceRow>(
          'select ext from publish_trace where token = ? and type = 2',
          [fx.deploys.success.token],
        )
      )[0]!.ext,
    ) as Record<string, string>;
    const queued = await goployRows<GoployTraceRow>(
      'select insert_time, update_time from publish_trace where token = ? and type = 0',
      [fx.deploys.success.token],
    );
    expect(last).toEqual({
      token: fx.deploys.success.token,
      projectId: fx.projects.web.id,
      publisherId: alice,
      publisherName: fx.users.alice.name,
      state: 1,
      ext: fx.deploys.success.commit,
      branch: pull.branch,
      message: pull.message,
      tag: pull.tag,
      status: 'succeeded',
      kind: 'publish',
      current: true,
      insertTime: formatTime(goployTime(queued[0]!.insert_time)),
      updateTime: formatTime(goployTime(queued[0]!.update_time)),
      commitTimestamp: pull.timestamp,
    });
    expect(earlier).toMatchObject({ token: older, state: 1, status: 'succeeded', current: false });
    expect(failed).toMatchObject({
      token: fx.deploys.failed.token,
      state: 0,
      status: 'failed',
      current: false,
    });
    const onlyFailed = await t.call<{ list: Preview[] }>('GET', '/deploy/getPreview', {
      token: admin,
      ns,
      query: { projectId: fx.projects.web.id, page: 1, rows: 20, state: 0 },
    });
    expect(onlyFailed.data.list.map((h) => h.token)).toEqual([fx.deploys.failed.token]);

    const trace = await t.call<{
      list: { id: number; type: number; detail: string; serverId: number }[];
    }>('GET', '/deploy/getPublishTrace', {
      token: admin,
      ns,
      query: { lastPublishToken: fx.deploys.success.token },
    });
    expect(trace.code, trace.message).toBe(0);
    expect(trace.data.list.map((x) => x.type)).toEqual([0, 2, 3, 5, 6, 8]);
    const transfer = trace.data.list.find((x) => x.type === 5)!;
    expect(transfer).toMatchObject({ detail: '', serverId: fx.servers.sshd.id });
    const detail = await t.call<{ detail: string }>('GET', '/deploy/getPublishTraceDetail', {
      token: admin,
      ns,
      query: { id: transfer.id },
    });
    expect(detail.code, detail.message).toBe(0);
    const [goployTransfer] = await goployRows<GoployTraceRow>(
      'select detail from publish_trace where token = ? and type = 5',
      [fx.deploys.success.token],
    );
    expect(detail.data.detail).toBe(goployTransfer!.detail);
    const failedTrace = await t.call<{ list: { type: number; state: number; detail: string }[] }>(
      'GET',
      '/deploy/getPublishTrace',
      { token: admin, ns, query: { lastPublishToken: fx.deploys.failed.token } },
    );
    expect(failedTrace.data.list.find((x) => x.type === 2)).toMatchObject({
      state: 0,
      detail: expect.stringMatching(/unable to access/),
    });
  });

  it("offers goploy's earlier release for a rollback, re-linking its directory", async () => {
    const releases = await t.db
      .selectFrom('project_release')
      .select(['server_id', 'name', 'state', 'complete'])
      .where('project_id', '=', fx.projects.web.id)
      .orderBy('last_used_time', 'desc')
      .execute();
    expect(releases).toEqual([
      { server_id: fx.servers.sshd.id, name: fx.deploys.success.token, state: 1, complete: 1 },
      { server_id: fx.servers.sshd.id, name: older, state: 1, complete: 1 },
    ]);
    const current = await t.call('POST', '/deploy/rebuild', {
      token: admin,
      ns,
      body: { token: fx.deploys.success.token },
    });
    expect(current.code).not.toBe(0);
    const back = await t.call<{ type: string; token: string }>('POST', '/deploy/rebuild', {
      token: admin,
      ns,
      body: { token: older },
    });
    expect(back.code, back.message).toBe(0);
    expect(back.data.type).toBe('symlink');
    const job = await t.db
      .selectFrom('job')
      .select(['payload'])
      .where('token', '=', back.data.token)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(job.payload)).toMatchObject({
      projectId: fx.projects.web.id,
      rollback: { release: older, relink: [fx.servers.sshd.id] },
    });
    // The failed deploy had no release: it could only be rebuilt from its commit, which it never
    // pulled.
    const failed = await t.call('POST', '/deploy/rebuild', {
      token: admin,
      ns,
      body: { token: fx.deploys.failed.token },
    });
    expect(failed.code).not.toBe(0);
    await t.deployQueue.idle();
  }, 60_000);

  it('lists the pending review, and approving it queues a deploy of its commit', async () => {
    expect(counted(report, 'project_review')).toMatchObject({ read: 2, imported: 2 });
    const [pending] = await goployRows<{ commit_id: string }>(
      'select commit_id from project_review where state = 0',
    );
    const list = await t.call<{
      list: { id: number; state: number; commitId: string; branch: string; creator: string }[];
    }>('GET', '/project/getReviewList', {
      token: admin,
      ns,
      query: { id: fx.projects.api.id, page: 1, rows: 20 },
    });
    expect(list.code, list.message).toBe(0);
    expect(list.data.list).toHaveLength(1);
    const review = list.data.list[0]!;
    expect(review).toMatchObject({
      state: 0,
      commitId: pending!.commit_id,
      branch: 'origin/release',
      creator: fx.users.bob.name,
    });
    const docs = await t.call<{ list: { state: number; editor: string; reviewURL: string }[] }>(
      'GET',
      '/project/getReviewList',
      { token: admin, ns, query: { id: fx.projects.docs.id, page: 1, rows: 20 } },
    );
    expect(docs.data.list).toEqual([
      expect.objectContaining({
        state: 1,
        editor: fx.users.admin.name,
        reviewURL: expect.stringContaining('commit=r42'),
      }),
    ]);
    const approved = await t.call('PUT', '/deploy/review', {
      token: admin,
      ns,
      body: { projectReviewId: review.id, state: 1 },
    });
    expect(approved.code, approved.message).toBe(0);
    const decided = await t.db
      .selectFrom('project_review')
      .select(['state', 'deploy_token'])
      .where('id', '=', review.id)
      .executeTakeFirstOrThrow();
    expect(decided.state).toBe(1);
    const job = await t.db
      .selectFrom('job')
      .select('payload')
      .where('token', '=', decided.deploy_token)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(job.payload)).toMatchObject({
      projectId: fx.projects.api.id,
      ref: pending!.commit_id,
    });
    await t.deployQueue.idle();
  }, 60_000);

  it("lists the scheduled deploys, and runs the pending ones at their time in their creators' names", async () => {
    expect(counted(report, 'project_task')).toMatchObject({ read: 3, imported: 3 });
    const [waiting, ran] = await goployRows<{ date: string; commit: string }>(
      'select date, commit from project_task where creator_id = ? order by is_run',
      [fx.users.alice.id],
    );
    const at = goployTime(waiting!.date)!;
    const list = await t.call<{ list: Record<string, unknown>[] }>('GET', '/project/getTaskList', {
      token: admin,
      ns,
      query: { id: fx.projects.web.id, page: 1, rows: 20 },
    });
    expect(list.code, list.message).toBe(0);
    const byCommit = (c: string) => list.data.list.find((x) => x.commit === c);
    expect(byCommit(waiting!.commit)).toMatchObject({
      branch: 'main',
      date: formatTime(at),
      state: 1,
      isRun: 0,
      nextRun: formatTime(at),
      creator: fx.users.alice.name,
      creatorId: alice,
    });
    expect(byCommit(ran!.commit)).toMatchObject({ state: 1, isRun: 1, nextRun: '' });
    expect(byCommit(adminsCommit)).toMatchObject({ isRun: 0, creator: fx.users.admin.name });

    const queued = () =>
      t.db
        .selectFrom('publish_trace')
        .select('token')
        .where('project_id', '=', fx.projects.web.id)
        .where('type', '=', 0)
        .execute();
    const task = (commit: string) =>
      t.db
        .selectFrom('project_task')
        .selectAll()
        .where('commit_id', '=', commit)
        .executeTakeFirstOrThrow();
    const before = (await queued()).length;
    await t.runDueTasks();
    expect(await queued()).toHaveLength(before);
    t.clock.advance(at - t.clock.now() + MINUTE);
    await t.runDueTasks();
    // Ferry runs a task in its creator's name (goploy ran them all as its admin): alice is a
    // deployer, who may not schedule deploys, so hers is skipped and says why.
    expect(await task(waiting!.commit)).toMatchObject({
      is_run: 1,
      next_run: 0,
      last_run: t.clock.now(),
      last_result: 'skipped',
      last_error: 'creator_not_allowed',
    });
    expect(await queued()).toHaveLength(before);
    t.clock.advance(DAY);
    await t.runDueTasks();
    const admins = await task(adminsCommit);
    expect(admins).toMatchObject({ is_run: 1, next_run: 0, last_result: 'queued' });
    expect(await queued()).toHaveLength(before + 1);
    const job = await t.db
      .selectFrom('job')
      .select('payload')
      .where('token', '=', admins.last_token)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(job.payload)).toMatchObject({ ref: adminsCommit });
    await t.deployQueue.idle();
  }, 60_000);

  it('adds nothing when run again', async () => {
    const before = await counts();
    const again = await runImport(t, goployUrl);
    expect(again.refusals).toEqual([]);
    for (const table of ['publish_trace', 'project_task', 'project_review']) {
      expect(counted(again, table), table).toMatchObject({ imported: 0, dropped: 0 });
    }
    expect(counted(again, 'publish_trace')?.skipped).toBe(14);
    expect(counted(again, 'project_task')?.skipped).toBe(3);
    expect(await counts()).toEqual(before);
  });
});

describe('goploy rows of the history that Ferry drops or refuses', () => {
  let t: TestApp;
  let fx: GoployFixture;
  let goployUrl: string;

  beforeAll(async () => {
    goployUrl = await createGoployDatabase(maria.url, uniqueDatabaseName('goploy_history_bad'));
    fx = await seedGoploy(goployUrl);
    const conn = await mysql.createConnection({ uri: goployUrl });
    await conn.query(
      `insert into project_task (id, project_id, commit, branch, date, state, is_run)
       values (50, 99, '', 'main', now() + interval 1 day, 1, 0),
              (51, 1, '', 'bad branch', now() + interval 1 day, 1, 0),
              (52, 1, '', 'main', now() - interval 1 day, 1, 0)`,
    );
    await conn.query(
      `insert into project_review (id, project_id, commit_id, branch, state)
       values (60, 2, 'not-a-commit', 'origin/release', 0), (61, 2, '', 'origin/release', 0),
              (62, 99, '', 'main', 0)`,
    );
    await conn.query(
      `insert into publish_trace (id, token, project_id, project_name, detail, state, type, ext)
       values (70, ?, 99, 'gone', '', 1, 0, '{}'), (71, 'no token!', 1, 'web', '', 1, 0, '{}'),
              (72, ?, 1, 'web', ?, 0, 5, '{}')`,
      [randomUUID(), randomUUID(), `sshpass -p ${fx.servers.jump.password} rsync: failed`],
    );
    await conn.end();
    t = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('names each refusal and drop, and writes nothing', async () => {
    const r = await runImport(t, goployUrl);
    expect(r.written).toBe(false);
    expect(r.refusals).toEqual([
      { table: 'project_task', id: 51, message: expect.stringMatching(/^branch /) },
      { table: 'project_review', id: 60, message: expect.stringMatching(/^commit /) },
      { table: 'publish_trace', id: 71, message: expect.stringMatching(/^token /) },
    ]);
    for (const [table, id] of [
      ['project_task', 50],
      ['project_review', 62],
      ['publish_trace', 70],
    ] as const) {
      expect(r.notes).toContainEqual(
        expect.objectContaining({ table, id, message: expect.stringMatching(/not imported/) }),
      );
    }
    expect(r.notes).toContainEqual(
      expect.objectContaining({ table: 'project_task', id: 52, message: expect.any(String) }),
    );
    expect(r.notes).toContainEqual(
      expect.objectContaining({
        table: 'project_review',
        id: 61,
        message: expect.stringMatching(/names no commit/),
      }),
    );
    // A password goploy printed in clear is masked, and the report says so without it.
    expect(r.notes).toContainEqual(
      expect.objectContaining({
        table: 'publish_trace',
        id: 72,
        message: expect.stringMatching(/masked/),
      }),
    );
    expect(JSON.stringify(r)).not.toContain(fx.servers.jump.password);
    expect(await t.db.selectFrom('publish_trace').select('id').execute()).toEqual([]);

    // Fixed in goploy, imported again: the masked text is what Ferry keeps.
    const conn = await mysql.createConnection({ uri: goployUrl });
    await conn.query('delete from project_task where id = 51');
    await conn.query('delete from project_review where id = 60');
    await conn.query('delete from publish_trace where id = 71');
    await conn.end();
    const fixed = await runImport(t, goployUrl);
    expect(fixed.refusals).toEqual([]);
    expect(fixed.written).toBe(true);
    const masked = await t.db
      .selectFrom('publish_trace')
      .select('detail')
      .where('type', '=', 5)
      .where('state', '=', 0)
      .executeTakeFirstOrThrow();
    expect(masked.detail).toBe('sshpass -p *** rsync: failed');
  });
});
