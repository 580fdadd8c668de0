/**
 * Server metrics at the scale of 200 servers, in one run:
 * (a) pull collection: 20 real sshd servers, each registered 10 times (200 servers), collected by
 *     the console over its pooled SSH connections every 60 s. After a warm-up, over a window:
 *     - collections per minute, next to the due times that fell in the window (target: all, 1 %
 *       off for the window's edges) and none unreachable;
 *     - schedule lag, p50 / p99 / max: a collection's start less its due time (the engine's own
 *       report of each collection it takes). Target: p99 under 5 s (a twelfth of the interval);
 *     - the console's CPU (this process, % of one core) and RSS (peak), next to OpenSSH running
 *       the same collector on the same 200 registrations over warm master connections (its
 *       processes' CPU per collection: the ratio of the console's to ssh's). Target: ≤ 1×;
 * (b) the chart of 3 months of one server (25 items, a sample a minute, stored as the retentions
 *     keep them: 14 days raw, 35 days of 5-minute and 90 of hourly roll-ups): for each range, the
 *     answer time of `GET /server/getMetrics` (median of rounds, over HTTP with a session) and the
 *     rows it reads, next to a plain `count(*)` over the same rows (for scale: it has no per-item
 *     index path, so on raw rows it can be the slower). Target: the 3-month chart answers within
 *     200 ms.
 * The console runs in this process on SQLite. Needs root (each sshd runs as a throwaway user).
 *
 *   npm run bench:metrics [-- --window 120 --rounds 15]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { METRIC_RANGES, type MetricRange } from '@ferry/contract';
import { sql } from 'kysely';
import { collectorScript } from '../server/src/features/metrics/collector/collector.js';
import { planFor } from '../server/src/features/metrics/query/metric-plan.js';
import { startSshdFleet, type SshdFleet } from '../server/test/sshd-fleet.js';
import { adminCaller, startBenchConsole, type BenchConsole } from './bench-console.js';
import { runProgram } from './deploy-floor.js';
import { runBenchmark, table } from './report.js';
import { quote, sshArgs } from './openssh.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const SSHD = 20;
const REGISTRATIONS = 10;
const INTERVAL_S = 60;
const WINDOW_S = arg('window', 120);
const ROUNDS = arg('rounds', 15);
const MAX_P99_LAG_MS = 5000;
const MAX_CHART_MS = 200;
const DAY = 86_400_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * OpenSSH's side: the collector on every registration (10 per server, 16 at once, as the
 * console's cap) over warm master connections; answers the CPU its processes used (user + sys,
 * ms, from bash's `times`) and the collections made.
 */
async function openSshCollection(fleet: SshdFleet, work: string) {
  const script = path.join(work, 'collect.sh');
  fs.writeFileSync(script, collectorScript());
  const lines: string[] = [];
  for (const [i, s] of fleet.servers.entries()) {
    const control = path.join(work, `c${i}`);
    await runProgram('ssh', ['-M', '-f', '-N', '-o', 'ControlPersist=yes', ...sshArgs(s, control)]);
    for (let r = 0; r < REGISTRATIONS; r++) {
      lines.push(`ssh ${quote(sshArgs(s, control))} sh -s < ${quote([script])} > /dev/null`);
    }
  }
  const jobs = path.join(work, 'jobs');
  fs.writeFileSync(jobs, lines.join('\n') + '\n');
  // `times` prints this shell's and its children's user and system times (e.g. 0m1.230s).
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('bash', [
      '-c',
      `xargs -P 16 -d '\\n' -I{} bash -c {} < ${quote([jobs])}; times`,
    ]);
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}`))));
  });
  const secs = [...out.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  const children = (secs[2] ?? NaN) + (secs[3] ?? NaN);
  for (const [i, s] of fleet.servers.entries()) {
    await runProgram('ssh', ['-O', 'exit', ...sshArgs(s, path.join(work, `c${i}`))]).catch(
      () => undefined,
    );
  }
  return { cpuMs: children * 1000, collections: lines.length };
}

/** 3 months of one server, as the retentions keep them, written straight into the tables. */
async function storeThreeMonths(bench: BenchConsole, serverId: number, end: number) {
  const items = [
    ...['cpu_usage', 'ram_usage', 'loadavg_1m', 'loadavg_5m', 'loadavg_15m'],
    ...['tcp.total', 'tcp.established', 'eth0.in', 'eth0.out', 'lo.in', 'lo.out'],
    ...['eth1.in', 'eth1.out', '/dev/vda1.usage', '/dev/vda1.inode_usage'],
    ...['/dev/vdb1.usage', '/dev/vdb1.inode_usage', 'vda.read_iops', 'vda.write_iops'],
    ...['vdb.read_iops', 'vdb.write_iops', 'docker0.in', 'docker0.out', 'eth2.in', 'eth2.out'],
  ];
  const typeOf = (item: string) =>
    item === 'cpu_usage'
      ? 1
      : item === 'ram_usage'
        ? 2
        : item.startsWith('loadavg')
          ? 3
          : item.startsWith('tcp')
            ? 4
            : item.startsWith('lo.')
              ? 6
              : item.endsWith('usage')
                ? 7
                : item.includes('iops')
                  ? 8
                  : 5;
  const value = (t: number, k: number) => 50 + 40 * Math.sin(t / 3_600_000 + k);
  const insert = async (table: 'server_metric' | 'server_metric_rollup', rows: object[]) => {
    await bench.db.transaction().execute(async (tx) => {
      for (let i = 0; i < rows.length; i += 400) {
        await tx
          .insertInto(table)
          .values(rows.slice(i, i + 400) as never)
          .execute();
      }
    });
  };
  // The collection's own samples of this server make way for the 3 months.
  await bench.db.deleteFrom('server_metric').where('server_id', '=', serverId).execute();
  await bench.db.deleteFrom('server_metric_rollup').where('server_id', '=', serverId).execute();
  const raw: object[] = [];
  for (let t = end - 14 * DAY; t < end; t += 60_000) {
    items.forEach((item, k) =>
      raw.push({ server_id: serverId, item, time: t, type: typeOf(item), value: value(t, k) }),
    );
    if (raw.length >= 100_000) await insert('server_metric', raw.splice(0));
  }
  await insert('server_metric', raw);
  for (const [span, days] of [
    [300, 35],
    [3600, 90],
  ] as const) {
    const rows: object[] = [];
    const step = span * 1000;
    for (let t = Math.floor((end - days * DAY) / step) * step; t < end; t += step) {
      items.forEach((item, k) => {
        const v = value(t, k);
        const count = span / 60;
        rows.push({
          server_id: serverId,
          span,
          item,
          time: t,
          type: typeOf(item),
          count,
          min: v - 5,
          sum: v * count,
          max: v + 5,
        });
      });
    }
    await insert('server_metric_rollup', rows);
  }
  return items.length;
}

async function main(): Promise<boolean> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-metrics-'));
  let fleet: SshdFleet | undefined;
  let bench: BenchConsole | undefined;
  const taken: { serverId: number; due: number; time: number }[] = [];
  try {
    fleet = await startSshdFleet({ count: SSHD });
    bench = await startBenchConsole('metrics', {
      logLevel: 'warn',
      deps: { metricsPull: { observe: (c) => taken.push(c) } },
    });
    const { call } = await adminCaller(bench);
    const idleRss = process.memoryUsage().rss;
    console.log(
      `Node ${process.version}, ${os.cpus().length} cores; ${SSHD} sshd × ${REGISTRATIONS} = ${SSHD * REGISTRATIONS} servers every ${INTERVAL_S} s; window ${WINDOW_S} s`,
    );
    const ids: number[] = [];
    for (const [i, s] of fleet.servers.entries()) {
      for (let r = 0; r < REGISTRATIONS; r++) {
        const form = {
          name: `m-${i}-${r}`,
          ip: s.host,
          port: s.port,
          owner: s.user,
          authType: 'password',
          password: s.password,
        };
        ids.push((await call<{ id: number }>('POST', '/server/add', form)).id);
      }
    }

    // (a) Pull collection: a first round spreads out, then the window.
    await sleep((INTERVAL_S + 10) * 1000);
    const from = Date.now();
    const cpu0 = process.cpuUsage();
    let rss = process.memoryUsage().rss;
    const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 1000);
    await sleep(WINDOW_S * 1000);
    const to = Date.now();
    clearInterval(sampler);
    const cpu = process.cpuUsage(cpu0);
    const inWindow = taken.filter((c) => c.time >= from && c.time < to);
    const lags = inWindow.map((c) => c.time - c.due).sort((a, b) => a - b);
    const dueInWindow = taken.filter((c) => c.due >= from && c.due < to).length;
    const perMin = (inWindow.length / WINDOW_S) * 60;
    const expectedPerMin = (ids.length * 60) / INTERVAL_S;
    const unreachable = Number(
      (
        await bench.db
          .selectFrom('server_metric_source')
          .select((e) => e.fn.countAll().as('n'))
          .where('state', '=', 'unreachable')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const consoleCpuMs = (cpu.user + cpu.system) / 1000;
    const cpuPerCollection = consoleCpuMs / Math.max(1, inWindow.length);
    for (const id of ids) {
      await call('PUT', '/server/editMetricsSource', { serverId: id, mode: 'off', interval: 60 });
    }
    await sleep(5000); // collections under way end
    const ssh = await openSshCollection(fleet, work);
    const sshPerCollection = ssh.cpuMs / ssh.collections;
    const cpuRatio = cpuPerCollection / sshPerCollection;
    const pullOk =
      Math.abs(perMin - expectedPerMin) <= expectedPerMin * 0.01 &&
      unreachable === 0 &&
      quantile(lags, 0.99) <= MAX_P99_LAG_MS &&
      cpuRatio <= 1;

    // (b) The chart of one server over 3 months.
    const chartId = ids[0]!;
    const end = Date.now();
    const items = await storeThreeMonths(bench, chartId, end);
    const chart: {
      range: MetricRange;
      ms: number;
      floorMs: number;
      rows: number;
      points: number;
    }[] = [];
    for (const range of METRIC_RANGES) {
      const lengthMs =
        { '1h': 1, '6h': 6, '1d': 24, '7d': 168, '30d': 720, '90d': 2160 }[range] * 3_600_000;
      const plan = planFor(lengthMs, INTERVAL_S * 1000);
      const start = end - lengthMs;
      const floor = async () => {
        const t = performance.now();
        const r =
          plan.source === 'raw'
            ? await sql<{ n: number }>`select count(*) as n, sum(value) as s from server_metric
                where server_id = ${chartId} and time >= ${start} and time <= ${end}`.execute(
                bench!.db,
              )
            : await sql<{ n: number }>`select count(*) as n, sum(sum) as s from server_metric_rollup
                where server_id = ${chartId} and span = ${plan.source === '5m' ? 300 : 3600}
                and time >= ${start} and time <= ${end}`.execute(bench!.db);
        return { ms: performance.now() - t, rows: Number(r.rows[0]!.n) };
      };
      const answer = async () => {
        const t = performance.now();
        const data = await call<{ series: { points: unknown[] }[] }>(
          'GET',
          `/server/getMetrics?serverId=${chartId}&range=${range}&end=${end}`,
        );
        return {
          ms: performance.now() - t,
          points: data.series.reduce((n, s) => n + s.points.length, 0),
        };
      };
      await answer();
      await floor();
      const ms: number[] = [];
      const floorMs: number[] = [];
      let rows = 0;
      let points = 0;
      for (let r = 0; r < ROUNDS; r++) {
        const a = await answer();
        const f = await floor();
        ms.push(a.ms);
        floorMs.push(f.ms);
        rows = f.rows;
        points = a.points;
      }
      chart.push({ range, ms: median(ms), floorMs: median(floorMs), rows, points });
    }
    const threeMonths = chart.find((c) => c.range === '90d')!;
    const chartOk = threeMonths.ms <= MAX_CHART_MS;

    const rows = [
      ['', 'measured', 'next to', 'target', ''],
      [
        `collections / min`,
        perMin.toFixed(0),
        `${expectedPerMin} due, ${unreachable} unreachable`,
        '= due, 0',
        '',
      ],
      [
        'lag p50 / p99 / max',
        `${quantile(lags, 0.5)} / ${quantile(lags, 0.99)} / ${lags[lags.length - 1]} ms`,
        `${dueInWindow} due in window`,
        `p99 ≤ ${MAX_P99_LAG_MS} ms`,
        '',
      ],
      [
        'CPU per collection',
        `${cpuPerCollection.toFixed(1)} ms (${((consoleCpuMs / (to - from)) * 100).toFixed(1)}% of a core)`,
        `OpenSSH ${sshPerCollection.toFixed(1)} ms (${cpuRatio.toFixed(2)}×)`,
        '≤ 1×',
        '',
      ],
      [
        'console RSS (peak)',
        `${mb(rss)}`,
        `${mb(idleRss)} before`,
        'reported',
        pullOk ? 'PASS' : 'FAIL',
      ],
      ...chart.map((c) => [
        `chart ${c.range} (${items} items)`,
        `${c.ms.toFixed(1)} ms, ${c.points} points`,
        `${c.rows} rows read; count(*) ${c.floorMs.toFixed(1)} ms`,
        c.range === '90d' ? `≤ ${MAX_CHART_MS} ms` : '',
        c.range === '90d' ? (chartOk ? 'PASS' : 'FAIL') : '',
      ]),
    ];
    console.log(table(rows));
    return pullOk && chartOk;
  } finally {
    await bench?.close();
    await fleet?.stopAll();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await runBenchmark(main);
