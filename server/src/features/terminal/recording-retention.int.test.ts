import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneOnce } from '../../infra/retention/retention.js';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { recordingFileFor } from './recording-path.js';
import { recordingsRetained } from './recording-retention.js';
import { createTerminalLogRepository } from './terminal-log.repository.js';

const DAY = 86_400_000;
const ctx = {} as { t: TestApp; admin: Actor };
useAdminApp((t, admin) => Object.assign(ctx, { t, admin }), {
  FERRY_RECORDING_RETENTION_DAYS: '30',
});

/** An ended session whose recording is `bytes` long, ended `daysAgo` days ago. */
async function session(daysAgo: number, bytes = 100, ended = true): Promise<number> {
  const { t } = ctx;
  const logs = createTerminalLogRepository(t.db);
  const start = t.clock.now() - daysAgo * DAY - 60_000;
  const id = await logs.insert({
    namespaceId: 1,
    userId: 1,
    serverId: 1,
    remoteAddr: '127.0.0.1',
    userAgent: 'test',
    startTime: start,
  });
  const rel = recordingFileFor(id, start);
  fs.mkdirSync(path.dirname(path.join(t.dataDir, rel)), { recursive: true });
  fs.writeFileSync(path.join(t.dataDir, rel), Buffer.alloc(bytes));
  await logs.setRecordFile(id, rel);
  if (ended) await logs.end(id, start + 60_000);
  return id;
}

const listed = async () =>
  (
    await ctx.t.call<{ list: Array<{ id: number; hasRecord: boolean; recordPruned: boolean }> }>(
      'GET',
      '/log/getTerminalLogList',
      { token: ctx.admin.token, ns: 1, query: { page: 1, rows: 20 } },
    )
  ).data.list;

const prune = (policy = ctx.t.config.retention.recordings) =>
  pruneOnce(
    recordingsRetained(createTerminalLogRepository(ctx.t.db), ctx.t.dataDir),
    policy,
    ctx.t.clock.now(),
  );

describe('terminal recording retention', () => {
  it('removes recordings past the age limit; the row stays and says the recording was pruned', async () => {
    const { t, admin } = ctx;
    const old = await session(31);
    const recent = await session(29);
    const open = await session(40, 100, false);
    const fileOf = async (id: number) =>
      path.join(t.dataDir, (await createTerminalLogRepository(t.db).findById(id))!.record_file);
    const [oldFile, recentFile] = [await fileOf(old), await fileOf(recent)];
    expect(await prune()).toBe(1);
    expect(fs.existsSync(oldFile)).toBe(false);
    expect(fs.existsSync(recentFile)).toBe(true);
    const rows = await listed();
    expect(rows.find((r) => r.id === old)).toMatchObject({ hasRecord: false, recordPruned: true });
    expect(rows.find((r) => r.id === recent)).toMatchObject({
      hasRecord: true,
      recordPruned: false,
    });
    // A session still open keeps its recording, however long ago it began.
    expect(rows.find((r) => r.id === open)).toMatchObject({ hasRecord: true });
    const record = await t.call('GET', '/log/getTerminalRecord', {
      token: admin.token,
      ns: 1,
      query: { recordId: old },
    });
    expect(record).toMatchObject({ code: 2, reason: 'record_pruned' });
    expect(await prune()).toBe(0);
  });

  it('removes the oldest recordings beyond the size limit', async () => {
    const a = await session(3, 600_000);
    const b = await session(2, 600_000);
    const c = await session(1, 600_000);
    expect(await prune({ maxAgeDays: 0, maxMb: 1 })).toBe(2);
    const rows = await listed();
    expect(
      rows
        .filter((r) => r.recordPruned)
        .map((r) => r.id)
        .sort(),
    ).toEqual([a, b].sort());
    expect(rows.find((r) => r.id === c)?.hasRecord).toBe(true);
  });
});
