import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { MetricType } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../../test/factories.js';
import { addServer, serverForm, warmTestDb } from '../../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../../test/sshd-fleet.js';
import type { MetricSample } from '../metrics-deps.js';
import { collectorScript } from './collector.js';
import { parseSamples } from './parse-samples.js';

let fleet: SshdFleet | undefined;
let a: SshdServer;
beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 1 }), warmTestDb()]);
  [a] = fleet.servers as [SshdServer];
}, 60_000);
afterAll(() => fleet?.stopAll());

/** `<source> <part> <whole>` of `df -P` or `df -Pi` for the /dev sources, the first mount each. */
function dfPercent(args: string[], part: number, whole: (f: string[]) => number) {
  const out = new Map<string, number>();
  for (const line of execFileSync('df', args, { encoding: 'utf8' }).split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    const dev = f[0] ?? '';
    if (!dev.startsWith('/dev/') || dev.startsWith('/dev/loop') || out.has(dev)) continue;
    if (whole(f) > 0) out.set(dev, (100 * Number(f[part])) / whole(f));
  }
  return out;
}

function ramPercent(): number {
  const mem = Object.fromEntries(
    fs
      .readFileSync('/proc/meminfo', 'utf8')
      .split('\n')
      .map((l) => l.split(/:\s+/))
      .map(([k, v]) => [k, parseInt(v ?? '0', 10)]),
  ) as Record<string, number>;
  const total = mem.MemTotal ?? 0;
  return (100 * (total - (mem.MemAvailable ?? mem.MemFree ?? 0))) / total;
}

/**
 * The collector run on a real server through the remote-run engine. The server is a Linux user
 * of this machine: what it measures is read here too, independently, and compared.
 */
describe('the metrics collector on a real server', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });

  it('prints every item of goploy, each parsed and matching what the machine says', async () => {
    const id = await addServer(t, admin, serverForm(a, { name: 'alpha' }));
    const run = await t.remoteRuns.execOnServer(1, id, collectorScript(), {
      timeoutS: 20,
      substitute: false,
    });
    expect(run.code, run.stderr).toBe(0);
    const { samples, refused } = parseSamples(run.stdout);
    expect(refused).toEqual([]);
    const by = new Map(samples.map((s) => [s.item, s]));
    const value = (item: string) => by.get(item)?.value ?? NaN;
    const items = (type: number) =>
      samples
        .filter((s) => s.type === type)
        .map((s) => s.item)
        .sort();

    expect(by.get('cpu_usage')?.type).toBe(MetricType.cpu);
    expect(value('cpu_usage')).toBeGreaterThanOrEqual(0);
    expect(value('cpu_usage')).toBeLessThanOrEqual(100);

    expect(by.get('ram_usage')?.type).toBe(MetricType.ram);
    expect(Math.abs(value('ram_usage') - ramPercent())).toBeLessThan(5);

    expect(items(MetricType.loadavg)).toEqual(['loadavg_15m', 'loadavg_1m', 'loadavg_5m']);
    const load = os.loadavg();
    expect(Math.abs(value('loadavg_1m') - load[0]!)).toBeLessThan(2);
    expect(Math.abs(value('loadavg_5m') - load[1]!)).toBeLessThan(1);
    expect(Math.abs(value('loadavg_15m') - load[2]!)).toBeLessThan(1);

    // The console's own connection to the server is one established socket at each end.
    expect(items(MetricType.tcp)).toEqual(['tcp.established', 'tcp.total']);
    expect(value('tcp.established')).toBeGreaterThanOrEqual(2);
    expect(value('tcp.total')).toBeGreaterThanOrEqual(value('tcp.established'));

    const ifaces = fs
      .readFileSync('/proc/net/dev', 'utf8')
      .split('\n')
      .slice(2)
      .map((l) => l.split(':')[0]!.trim())
      .filter((n) => n !== '' && !/^(veth|ifb)/.test(n));
    const named = (names: string[], ...suffixes: string[]) =>
      names.flatMap((n) => suffixes.map((s) => `${n}${s}`)).sort();
    const loopback = ifaces.filter((n) => n.startsWith('lo'));
    expect(items(MetricType.loopbackNet)).toEqual(named(loopback, '.in', '.out'));
    expect(items(MetricType.publicNet)).toEqual(
      named(
        ifaces.filter((n) => !n.startsWith('lo')),
        '.in',
        '.out',
      ),
    );

    const disks = fs.readdirSync('/sys/block').filter((d) => !/^(loop|ram)/.test(d));
    expect(items(MetricType.diskIo)).toEqual(named(disks, '.read_iops', '.write_iops'));

    const usage = dfPercent(['-P'], 2, (f) => Number(f[2]) + Number(f[3]));
    const inodes = dfPercent(['-Pi'], 2, (f) => Number(f[1]));
    expect(usage.size).toBeGreaterThan(0);
    expect(items(MetricType.diskUsage)).toEqual(
      [...named([...usage.keys()], '.usage'), ...named([...inodes.keys()], '.inode_usage')].sort(),
    );
    for (const [dev, percent] of usage)
      expect(Math.abs(value(`${dev}.usage`) - percent)).toBeLessThan(1);
    for (const [dev, percent] of inodes) {
      expect(Math.abs(value(`${dev}.inode_usage`) - percent)).toBeLessThan(1);
    }

    const rates = samples.filter(
      (s: MetricSample) => s.type >= MetricType.publicNet && s.type !== MetricType.diskUsage,
    );
    for (const s of rates) expect(s.value, s.item).toBeGreaterThanOrEqual(0);
  });

  it('prints the same items under dash and under bash', () => {
    const itemsUnder = (shell: string) =>
      parseSamples(execFileSync(shell, ['-s'], { input: collectorScript(), encoding: 'utf8' }))
        .samples.map((s) => `${s.type} ${s.item}`)
        .sort();
    const dash = itemsUnder('dash');
    expect(dash.length).toBeGreaterThan(10);
    expect(itemsUnder('bash')).toEqual(dash);
  });
});
