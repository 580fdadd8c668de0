import { HubType, MetricType, Perm, type ServerMetricsMessage } from '@ferry/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../../core/clock.js';
import type { RequestContext } from '../../../core/http/context.js';
import { admits, type Audience, type Hub } from '../../../core/ws/hub.js';
import type { Db } from '../../../db/database.js';
import { openTestDb, type TestDb } from '../../../../test/test-db.js';
import { createMetricIngest, metricsTopic } from './metric-ingest.js';

const T0 = Date.UTC(2026, 10, 27, 10, 0, 0);
const cpu = (value: number) => ({ type: MetricType.cpu, item: 'cpu_usage', value });
const ram = (value: number) => ({ type: MetricType.ram, item: 'ram_usage', value });

async function addServerRow(db: Db, namespaceId: number): Promise<number> {
  const blank = { jump_ip: '', jump_port: 0, jump_owner: '', jump_auth_type: '', jump_path: '' };
  const row = await db
    .insertInto('server')
    .values({
      namespace_id: namespaceId,
      name: `s-${namespaceId}`,
      ip: '127.0.0.1',
      port: 22,
      owner: 'root',
      auth_type: 'password',
      path: '',
      password: '',
      private_key: '',
      passphrase: '',
      ...blank,
      jump_password: '',
      jump_private_key: '',
      jump_passphrase: '',
      host_key: '',
      pending_host_key: '',
      jump_host_key: '',
      pending_jump_host_key: '',
      os: 'linux',
      os_info: '',
      description: '',
      state: 1,
      last_check_time: null,
      last_check_error: '',
      insert_time: T0,
      update_time: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('metric ingest', () => {
  let t: TestDb;
  let sent: {
    namespace: number | 'any';
    topic: string;
    message: ServerMetricsMessage;
    audience?: Audience | undefined;
  }[];
  const hub: Pick<Hub, 'publishTopic'> = {
    publishTopic(namespace, topic, frame, audience) {
      const f = frame as { type: number; message: ServerMetricsMessage };
      expect(f.type).toBe(HubType.serverMetrics);
      sent.push({ namespace, topic: String(topic), message: f.message, audience });
      return 1;
    },
  };
  beforeEach(async () => {
    t = await openTestDb();
    sent = [];
  });
  afterEach(() => t.release());

  const ingestAt = (now: number) => createMetricIngest({ db: t.db, clock: manualClock(now), hub });

  it('stores raw samples and rolls them up per 5 minutes and per hour, counting a repeat once', async () => {
    const id = await addServerRow(t.db, 1);
    const ingest = ingestAt(T0);
    await ingest.record(id, T0, [cpu(10), ram(40)]);
    await ingest.record(id, T0 + 60_000, [cpu(30), ram(50)]);
    await ingest.record(id, T0 + 60_000, [cpu(99)]); // a replay of an item and time: ignored
    await ingest.record(id, T0 + 300_000, [cpu(20)]); // the next 5-minute bucket

    const raw = await t.db
      .selectFrom('server_metric')
      .selectAll()
      .orderBy('time')
      .orderBy('item')
      .execute();
    expect(raw.map((r) => [r.item, r.time - T0, r.value, r.type])).toEqual([
      ['cpu_usage', 0, 10, 1],
      ['ram_usage', 0, 40, 2],
      ['cpu_usage', 60_000, 30, 1],
      ['ram_usage', 60_000, 50, 2],
      ['cpu_usage', 300_000, 20, 1],
    ]);
    const rollups = await t.db
      .selectFrom('server_metric_rollup')
      .select(['span', 'item', 'time', 'count', 'min', 'sum', 'max'])
      .where('item', '=', 'cpu_usage')
      .orderBy('span')
      .orderBy('time')
      .execute();
    expect(rollups.map((r) => ({ ...r, time: r.time - T0 }))).toEqual([
      { span: 300, item: 'cpu_usage', time: 0, count: 2, min: 10, sum: 40, max: 30 },
      { span: 300, item: 'cpu_usage', time: 300_000, count: 1, min: 20, sum: 20, max: 20 },
      { span: 3600, item: 'cpu_usage', time: 0, count: 3, min: 10, sum: 60, max: 30 },
    ]);
  });

  it('keeps the last of an item sent twice in one set, and stores fractions as numbers', async () => {
    const id = await addServerRow(t.db, 1);
    await ingestAt(T0).record(id, T0, [cpu(1.5), cpu(9.25)]);
    const rows = await t.db.selectFrom('server_metric').select(['value']).execute();
    expect(rows).toEqual([{ value: 9.25 }]);
  });

  it('records the collection state: ok with the newest sample time, unreachable with the reason', async () => {
    const id = await addServerRow(t.db, 1);
    const source = () =>
      t.db
        .selectFrom('server_metric_source')
        .select(['state', 'last_sample_time', 'last_error', 'mode', 'interval_s'])
        .where('server_id', '=', id)
        .executeTakeFirstOrThrow();
    await ingestAt(T0).unreachable(id, T0, 'connect ECONNREFUSED');
    expect(await source()).toEqual({
      state: 'unreachable',
      last_sample_time: 0,
      last_error: 'connect ECONNREFUSED',
      mode: 'pull',
      interval_s: 60,
    });
    await ingestAt(T0 + 120_000).record(id, T0 + 60_000, [cpu(5)]);
    await ingestAt(T0 + 120_000).record(id, T0, [cpu(4)]); // a late report never moves time back
    expect(await source()).toMatchObject({
      state: 'ok',
      last_sample_time: T0 + 60_000,
      last_error: '',
    });
    await ingestAt(T0 + 180_000).unreachable(id, T0 + 180_000, 'timed out');
    expect(await source()).toMatchObject({ state: 'unreachable', last_sample_time: T0 + 60_000 });
  });

  it("tells the server's topic in its namespace (any namespace for a shared server), admitting only ShowServerMonitorPage", async () => {
    const own = await addServerRow(t.db, 3);
    const shared = await addServerRow(t.db, 0);
    const ingest = ingestAt(T0);
    await ingest.record(own, T0, [cpu(7)]);
    await ingest.record(own, T0, [cpu(7)]); // nothing new stored: nothing told
    await ingest.unreachable(shared, T0, 'no route to host');
    expect(sent.map(({ namespace, topic, message }) => ({ namespace, topic, message }))).toEqual([
      {
        namespace: 3,
        topic: metricsTopic(own),
        message: { serverId: own, time: T0, samples: [cpu(7)], state: 'ok', error: '' },
      },
      {
        namespace: 'any',
        topic: metricsTopic(shared),
        message: {
          serverId: shared,
          time: 0,
          samples: [],
          state: 'unreachable',
          error: 'no route to host',
        },
      },
    ]);
    const ctx = (perms: number[]) => ({ permissions: new Set(perms) }) as unknown as RequestContext;
    expect(admits(sent[0]!.audience, ctx([Perm.ShowServerMonitorPage]))).toBe(true);
    expect(admits(sent[0]!.audience, ctx([Perm.ShowServerPage]))).toBe(false);
  });
});
