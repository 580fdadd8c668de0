/** The deploy bench's table: medians, ratios against the floor, targets, and where time went. */
import type { DeployTiming } from './deploy-ferry.js';
import { table } from './report.js';

export interface FloorTiming {
  totalMs: number;
  gitMs: number;
  rsyncMs: number;
}

/** Console samples by `<mode> <first>` (e.g. `rsync true`), floor samples by kind. */
export interface Samples {
  ferry: Map<string, DeployTiming[]>;
  floor: { first: FloorTiming[]; incremental: FloorTiming[] };
}

interface Row {
  label: string;
  key: string;
  kind: 'first' | 'incremental';
  /** At most this many times the floor; undefined: reported only. */
  target: number | undefined;
}

const ROWS: Row[] = [
  { label: 'rsync, first deploy', key: 'rsync true', kind: 'first', target: 1.3 },
  { label: 'rsync, one-file change', key: 'rsync false', kind: 'incremental', target: 1.3 },
  { label: 'sftp, first deploy', key: 'sftp true', kind: 'first', target: undefined },
  { label: 'sftp, one-file change', key: 'sftp false', kind: 'incremental', target: 1.5 },
  { label: 'rsync+symlink, first deploy', key: 'symlink true', kind: 'first', target: 1.3 },
  {
    label: 'rsync+symlink, one-file change',
    key: 'symlink false',
    kind: 'incremental',
    target: 1.3,
  },
];

const median = (xs: number[]) =>
  xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(0));

/**
 * The ratio of each round's console deploy to the floor's of the same round (they ran minutes
 * apart at most, so a busy spell of the machine tends to hit both), then the median of those.
 */
function pairedRatio(ferry: DeployTiming[], floor: FloorTiming[]): number {
  return median(ferry.map((t, i) => t.totalMs / (floor[i]?.totalMs ?? NaN)));
}

/** Prints the report; answers whether every target was met. */
export function printReport(samples: Samples): boolean {
  let pass = true;
  const lines: string[][] = [['case', 'Ferry ms', 'floor ms', 'ratio', 'target', 'result']];
  for (const row of ROWS) {
    const ferry = samples.ferry.get(row.key) ?? [];
    const floor = samples.floor[row.kind].slice(0, ferry.length);
    const ratio = pairedRatio(ferry, floor);
    const met = row.target !== undefined && ratio <= row.target;
    if (row.target !== undefined && !met) pass = false;
    const result = row.target === undefined ? 'info' : met ? 'PASS' : 'FAIL';
    const target = row.target === undefined ? '-' : `≤ ${row.target}×`;
    const medians = [ferry, floor].map((ts) => ms(median(ts.map((t) => t.totalMs))));
    lines.push([row.label, ...medians, `${ratio.toFixed(2)}×`, target, result]);
  }
  console.log(`\n${table(lines)}`);
  console.log("(ms: medians of the rounds; ratio: median of each round's Ferry / floor)\n");
  printRounds(samples);
  printBreakdown(samples);
  return pass;
}

function printRounds(samples: Samples): void {
  console.log('every round, ms:');
  for (const row of ROWS) {
    const all = (samples.ferry.get(row.key) ?? []).map((t) => ms(t.totalMs));
    console.log(`  Ferry ${row.label}: ${all.join(', ')}`);
  }
  for (const kind of ['first', 'incremental'] as const) {
    const all = samples.floor[kind].map((t) => ms(t.totalMs));
    console.log(`  floor ${kind}: ${all.join(', ')}`);
  }
}

/** Medians of each part, so a missed target says where the time goes. */
function printBreakdown(samples: Samples): void {
  console.log('\nwhere the time goes (medians, ms):');
  for (const row of ROWS) {
    const ts = samples.ferry.get(row.key) ?? [];
    const of = (f: (t: DeployTiming) => number) => ms(median(ts.map(f)));
    console.log(
      `  Ferry ${row.label}: request+queue ${of((t) => t.startMs)}, git ${of((t) => t.pullMs)}, ` +
        `per server median ${of((t) => median(t.serverMs))} / slowest ${of((t) => Math.max(...t.serverMs))} ` +
        `(of which SSH login median ${of((t) => median(t.connectMs))}), ` +
        `after the last server ${of((t) => t.tailMs)}`,
    );
  }
  for (const kind of ['first', 'incremental'] as const) {
    const ts = samples.floor[kind];
    console.log(
      `  floor ${kind}: git ${ms(median(ts.map((t) => t.gitMs)))}, ` +
        `parallel rsync ${ms(median(ts.map((t) => t.rsyncMs)))}`,
    );
  }
}
