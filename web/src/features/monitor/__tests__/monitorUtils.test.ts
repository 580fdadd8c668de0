import { describe, expect, it } from 'vitest';
import { applyState, asStateMessage } from '../utils/liveState';
import { filterMonitors, isFiltered, NO_FILTER, stateOf } from '../utils/filterMonitors';
import {
  BLANK_FORM,
  checkInputOf,
  formFieldOf,
  formValuesOf,
  monitorInputOf,
  type MonitorFormValues,
} from '../utils/monitorForm';
import { monitorRow } from './monitorRowFixture';
import { relativeTime } from '../utils/relativeTime';
import { sparkShape } from '../utils/sparkline';

const row = monitorRow;

describe('filterMonitors', () => {
  const list = [
    row({ id: 1, name: 'beta', status: 'down', uptime24h: 80 }),
    row({ id: 2, name: 'Alpha', type: 2, status: 'up', uptime24h: 100 }),
    row({ id: 3, name: 'gamma', status: 'failing', uptime24h: null }),
    row({ id: 4, name: 'delta', state: 0, status: 'up', uptime24h: 95.5 }),
  ];
  const ids = (f: Partial<typeof NO_FILTER>) =>
    filterMonitors(list, { ...NO_FILTER, ...f }).map((m) => m.id);

  it('sorts by name, state and uptime, both ways', () => {
    expect(ids({})).toEqual([2, 1, 4, 3]);
    expect(ids({ order: 'DESC' })).toEqual([3, 4, 1, 2]);
    expect(ids({ sort: 'state', order: 'DESC' })).toEqual([1, 3, 4, 2]);
    expect(ids({ sort: 'state' })).toEqual([2, 4, 3, 1]);
    expect(ids({ sort: 'uptime' })).toEqual([3, 1, 4, 2]);
    expect(ids({ sort: 'uptime', order: 'DESC' })).toEqual([2, 4, 1, 3]);
  });

  it('filters by name, type and state (a paused monitor is paused)', () => {
    expect(ids({ name: ' ALP ' })).toEqual([2]);
    expect(ids({ type: 2 })).toEqual([2]);
    expect(ids({ state: 'paused' })).toEqual([4]);
    expect(ids({ state: 'up' })).toEqual([2]);
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(isFiltered({ ...NO_FILTER, sort: 'uptime' })).toBe(false);
    expect(isFiltered({ ...NO_FILTER, state: 'down' })).toBe(true);
    expect(stateOf({ state: 0, status: 'down' })).toBe('paused');
  });
});

describe('sparkShape', () => {
  const now = Date.parse('2025-01-01T11:00:00');
  const box = { width: 120, height: 28, now, spanMs: 3_600_000 };

  it('draws latency over the hour, failures breaking the line', () => {
    const shape = sparkShape(
      [
        ['2025-01-01 10:00:00', 100],
        ['2025-01-01 10:30:00', 50],
        ['2025-01-01 10:31:00', null],
        ['2025-01-01 10:45:00', 0],
        ['2025-01-01 11:00:00', 100],
      ],
      box,
    );
    expect(shape.lines).toEqual(['0,1 60,14', '90,27 120,1']);
    expect(shape.failures).toEqual([62]);
  });

  it('draws a lone point as a short dash, and nothing for no points', () => {
    expect(sparkShape([['2025-01-01 10:30:00', 10]], box).lines).toEqual(['58.5,1 61.5,1']);
    expect(sparkShape([], box)).toEqual({ lines: [], failures: [] });
    // All failed: no line, every minute marked; a flat zero line sits at the bottom.
    expect(sparkShape([['2025-01-01 10:30:00', null]], box)).toEqual({
      lines: [],
      failures: [60],
    });
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2025-01-01T11:00:00');
  it.each([
    [0, 'now'],
    [-5_000, 'now'],
    [30_000, '30 seconds ago'],
    [125_000, '2 minutes ago'],
    [3 * 3_600_000, '3 hours ago'],
    [2 * 86_400_000, '2 days ago'],
  ])('%i ms ago reads %j', (ago, text) => {
    expect(relativeTime(now - ago, now, 'en')).toBe(text);
  });
});

describe('live state', () => {
  it('updates the row of a frame at once, and ignores others', () => {
    const list = [row({ id: 1 }), row({ id: 2 })];
    const frame = asStateMessage({
      monitorId: 2,
      status: 'down',
      failCount: 3,
      lastCheckTime: '2025-01-01 10:05:00',
      latencyMs: 7,
      error: 'HTTP status 500',
    })!;
    const next = applyState(list, frame);
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toMatchObject({
      status: 'down',
      failCount: 3,
      lastCheckTime: '2025-01-01 10:05:00',
      latencyMs: 7,
      lastError: 'HTTP status 500',
    });
    expect(applyState(list, { ...frame, monitorId: 9 })).toBe(list);
    expect(applyState(list, { ...frame, status: 'weird' })).toBe(list);
    expect(asStateMessage({ status: 'up' })).toBeUndefined();
    expect(applyState(list, { ...frame, monitorId: 1, status: 'paused' })[0]!.state).toBe(0);
  });
});

describe('monitor form', () => {
  const values = (over: Partial<MonitorFormValues>): MonitorFormValues => ({
    ...BLANK_FORM,
    name: ' shop ',
    items: [' https://shop.example.com/ '],
    ...over,
  });

  it('sends a site check with its options and the target as JSON text', () => {
    const input = monitorInputOf(
      values({ keyword: 'ok', keywordMode: 'absent', method: 'HEAD', successScriptAlways: true }),
    );
    expect(input).toMatchObject({
      name: 'shop',
      type: 1,
      second: 60,
      times: 3,
      silentCycle: 10,
      notifyType: 0,
      notifyTarget: '',
      successScriptAlways: 1,
      failScriptAlways: 0,
    });
    expect(JSON.parse(input.target as string)).toEqual({
      items: ['https://shop.example.com/'],
      timeout: 10,
      process: '',
      script: '',
      method: 'HEAD',
      statuses: '200-399',
      keyword: 'ok',
      keywordMode: 'absent',
      maxResponseMs: 0,
      certWarnDays: 14,
    });
  });

  it('sends process and script checks their servers as items', () => {
    const process = monitorInputOf(
      values({ type: 4, serverIds: [3, 7], process: ' nginx ', script: 'x', keyword: 'k' }),
    );
    expect(JSON.parse(process.target as string)).toMatchObject({
      items: ['3', '7'],
      process: 'nginx',
      script: '',
      keyword: '',
    });
    const script = monitorInputOf(values({ type: 5, serverIds: [3], script: 'exit 0' }));
    expect(JSON.parse(script.target as string)).toMatchObject({
      items: ['3'],
      process: '',
      script: 'exit 0',
    });
  });

  it('reads a row back into the same values', () => {
    const r = row({
      type: 4,
      target: { ...row({}).target, items: ['3', '7'], process: 'nginx' },
      failScriptAlways: 1,
      notifyType: 255,
      notifyTarget: 'https://hook/',
    });
    const v = formValuesOf(r);
    expect(v).toMatchObject({
      type: 4,
      serverIds: [3, 7],
      process: 'nginx',
      failScriptAlways: true,
      notifyType: 255,
    });
    expect(JSON.parse(monitorInputOf(v).target as string)).toEqual({
      ...r.target,
      keyword: '',
    });
    expect(formValuesOf()).toEqual(BLANK_FORM);
  });

  it('tests without the scripts unless asked', () => {
    const v = values({ failScript: 'echo down', failServerId: 2 });
    expect(checkInputOf(v, false)).toMatchObject({ failScript: '', runScripts: 0 });
    expect(checkInputOf(v, true)).toMatchObject({
      failScript: 'echo down',
      failServerId: 2,
      runScripts: 1,
    });
  });

  it("names the form's field of a refusal", () => {
    expect(formFieldOf(['target', 'items', 2], 1)).toEqual(['items', 2]);
    expect(formFieldOf(['target', 'items', 0], 4)).toEqual(['serverIds']);
    expect(formFieldOf(['target', 'items'], 3)).toEqual(['items']);
    expect(formFieldOf(['target', 'statuses'], 1)).toEqual(['statuses']);
    expect(formFieldOf(['second'], 1)).toEqual(['second']);
    expect(formFieldOf(['failServerId'], 1)).toEqual(['failServerId']);
    expect(formFieldOf(['target'], 1)).toBeUndefined();
    expect(formFieldOf(['nonsense'], 1)).toBeUndefined();
  });
});
