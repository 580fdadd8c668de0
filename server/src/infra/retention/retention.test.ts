import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { choosePruned, pruneOnce, schedulePruning, type StoredItem } from './retention.js';

const DAY = 86_400_000;
const MB = 1024 * 1024;
const now = Date.UTC(2026, 5, 1);
const item = (id: number, ageDays: number, sizeMb = 0) => ({
  id,
  file: undefined,
  endedAt: now - ageDays * DAY,
  size: sizeMb * MB,
});

describe('choosing what retention removes', () => {
  it('removes what is older than the age limit, and nothing with no limits', () => {
    const items = [item(1, 91), item(2, 89), item(3, 400)];
    expect(choosePruned(items, { maxAgeDays: 90, maxMb: 0 }, now).sort()).toEqual([1, 3]);
    expect(choosePruned(items, { maxAgeDays: 0, maxMb: 0 }, now)).toEqual([]);
  });

  it('removes the oldest until the rest fit in the size limit', () => {
    const items = [item(1, 3, 4), item(2, 1, 4), item(3, 2, 4), item(4, 0, 4)];
    // 16 MB kept under a 9 MB limit: the two oldest go, 8 MB stay.
    expect(choosePruned(items, { maxAgeDays: 0, maxMb: 9 }, now)).toEqual([1, 3]);
    expect(choosePruned(items, { maxAgeDays: 0, maxMb: 16 }, now)).toEqual([]);
  });

  it('counts the size limit after the age limit', () => {
    const items = [item(1, 100, 50), item(2, 5, 3), item(3, 1, 3)];
    expect(choosePruned(items, { maxAgeDays: 90, maxMb: 5 }, now)).toEqual([1, 2]);
  });
});

describe('a pruning pass', () => {
  it('removes the files, marks the rows and does nothing more the second time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-retention-'));
    const file = (name: string, bytes: number) => {
      const p = path.join(dir, name);
      fs.writeFileSync(p, Buffer.alloc(bytes));
      return p;
    };
    let rows: StoredItem[] = [
      { id: 1, file: file('old', 10), endedAt: now - 10 * DAY },
      { id: 2, file: file('big', 2 * MB), endedAt: now - 2 * DAY },
      { id: 3, file: file('new', 10), endedAt: now - DAY },
      { id: 4, file: path.join(dir, 'already-gone'), endedAt: now - 30 * DAY },
    ];
    const marked: number[] = [];
    const kind = {
      list: () => Promise.resolve(rows),
      markPruned: (ids: number[]) => {
        marked.push(...ids);
        rows = rows.filter((r) => !ids.includes(r.id));
        return Promise.resolve();
      },
    };
    expect(await pruneOnce(kind, { maxAgeDays: 7, maxMb: 1 }, now)).toBe(3);
    expect(marked.sort()).toEqual([1, 2, 4]);
    expect(fs.readdirSync(dir)).toEqual(['new']);
    expect(await pruneOnce(kind, { maxAgeDays: 7, maxMb: 1 }, now)).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the retention settings', () => {
  it('keep recordings 180 days, deploy logs 90, monitor checks 30, cron runs 30 and metrics 14/35/365, with no size limit, unless told', () => {
    expect(loadConfig({}).retention).toEqual({
      recordings: { maxAgeDays: 180, maxMb: 0 },
      deployLogs: { maxAgeDays: 90, maxMb: 0 },
      monitorCheckDays: 30,
      cronLogDays: 30,
      metrics: { rawDays: 14, fiveMinuteDays: 35, hourDays: 365 },
    });
    const config = loadConfig({
      FERRY_RECORDING_RETENTION_DAYS: '0',
      FERRY_RECORDING_MAX_MB: '2048',
      FERRY_DEPLOY_LOG_RETENTION_DAYS: '30',
      FERRY_DEPLOY_LOG_MAX_MB: '512',
      FERRY_MONITOR_CHECK_RETENTION_DAYS: '7',
      FERRY_CRON_LOG_RETENTION_DAYS: '0',
      FERRY_METRIC_RAW_RETENTION_DAYS: '3',
      FERRY_METRIC_5M_RETENTION_DAYS: '0',
      FERRY_METRIC_ROLLUP_RETENTION_DAYS: '730',
    });
    expect(config.retention).toEqual({
      recordings: { maxAgeDays: 0, maxMb: 2048 },
      deployLogs: { maxAgeDays: 30, maxMb: 512 },
      monitorCheckDays: 7,
      cronLogDays: 0,
      metrics: { rawDays: 3, fiveMinuteDays: 0, hourDays: 730 },
    });
  });

  it('name the variable and the rule for a bad value', () => {
    expect(() => loadConfig({ FERRY_RECORDING_RETENTION_DAYS: '-1' })).toThrow(
      /FERRY_RECORDING_RETENTION_DAYS must be an integer from 0 to 36500/,
    );
    expect(() => loadConfig({ FERRY_METRIC_RAW_RETENTION_DAYS: 'x' })).toThrow(
      /FERRY_METRIC_RAW_RETENTION_DAYS must be an integer from 0 to 36500/,
    );
    expect(() => loadConfig({ FERRY_DEPLOY_LOG_MAX_MB: '1.5' })).toThrow(
      /FERRY_DEPLOY_LOG_MAX_MB must be an integer from 0 to 100000000/,
    );
  });
});

describe('the pruning schedule', () => {
  it('runs a pass at once, and logs a failed one under its own name', async () => {
    const logged: string[] = [];
    const log = { error: (_obj: object, msg: string) => void logged.push(msg) };
    let passes = 0;
    const pruning = schedulePruning(
      () => {
        passes += 1;
        return Promise.reject(new Error('disk gone'));
      },
      log,
      'pruning server metrics',
    );
    await pruning.stop();
    expect(passes).toBe(1);
    expect(logged).toEqual(['pruning server metrics failed']);
  });
});
