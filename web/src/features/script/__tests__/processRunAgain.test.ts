import { describe, expect, it } from 'vitest';
import type { ProcessGroup } from '../utils/ProcessGroup';
import { processRunAgain } from '../utils/processRunAgain';

const group: ProcessGroup = {
  id: 4,
  namespaceId: 1,
  name: 'app renamed',
  items: '',
  itemList: [
    { name: 'status', command: 'systemctl status app' },
    { name: 'restart', command: 'systemctl restart app' },
  ],
  insertTime: '',
  updateTime: '',
};
const offered = [
  { id: 3, name: 'gamma' },
  { id: 1, name: 'alpha' },
  { id: 9, name: 'other' },
];
const ranOn = (...servers: [number, string][]) =>
  servers.map(([serverId, serverName]) => ({
    serverId,
    serverName,
    serverIp: '192.0.2.1',
    state: 'ok' as const,
    exitCode: 0,
    error: '',
    output: '',
    outputBytes: 0,
    durationMs: 1,
  }));
const run = {
  groupId: 4,
  itemName: 'restart',
  script: 'systemctl restart app',
  serverList: ranOn([1, 'alpha'], [3, 'gamma']),
};

describe('running a process run again', () => {
  it("runs the group's button on the run's servers still offered, in the page's order", () => {
    expect(processRunAgain(run, [group], offered)).toEqual({
      kind: 'run',
      group,
      item: group.itemList[1],
      servers: [offered[0], offered[1]],
      missing: [],
      changed: false,
    });
  });

  it('names the servers left out, and says when the command changed since', () => {
    const plan = processRunAgain(
      { ...run, script: 'service app restart', serverList: ranOn([1, 'alpha'], [7, 'gone']) },
      [group],
      offered,
    );
    expect(plan).toMatchObject({ kind: 'run', servers: [offered[1]], missing: ['gone'] });
    expect(plan.kind === 'run' && plan.changed).toBe(true);
  });

  it('runs nothing when the group, its button or every server is gone, or the run never said', () => {
    expect(processRunAgain(run, [], offered)).toEqual({ kind: 'gone' });
    expect(processRunAgain({ ...run, itemName: 'stop' }, [group], offered)).toEqual({
      kind: 'gone',
    });
    expect(processRunAgain({ ...run, groupId: null, itemName: '' }, [group], offered)).toEqual({
      kind: 'gone',
    });
    expect(processRunAgain({ ...run, serverList: ranOn([7, 'gone']) }, [group], offered)).toEqual({
      kind: 'noServers',
      missing: ['gone'],
    });
  });
});
