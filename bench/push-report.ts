/**
 * The push bench's figures: each push's total against the baseline, the median and worst against
 * the target, and where the median push's time went, read from the console's own records.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { TraceType } from '@ferry/contract';
import { deployLogFile, type LogLine } from '../server/src/features/deploy/deploy-log.js';
import type { BenchConsole } from './bench-console.js';
import type { DeployTiming } from './deploy-ferry.js';
import type { FloorTiming } from './deploy-report.js';
import { table } from './report.js';

/** The median push is live on all servers within this (ms); never loosened to pass. */
export const TARGET_MS = 3000;
export const MOONSHOT_MS = 1500;

/** One baseline push, ms: git, the parallel rsync and the read-back of every server. */
export type FloorPush = FloorTiming & { checkMs: number };

/** What the console recorded about one push's deploy (epoch ms, the console's clock). */
export interface PushRecords {
  /** The webhook delivery row: when the console began to handle the call. */
  received: number;
  /** The queue trace row: when the deploy was queued. */
  queued: number;
  /** The job row: when the queue gave the deploy to a worker, and when it ended. */
  jobStart: number;
  jobEnd: number;
  /** The pull trace row: when git fetch + checkout had ended. */
  pulled: number;
  /** Each server's transfer trace row (written when its rsync, switch included, had ended). */
  transfers: number[];
  /** Each server's last deploy log line of its after-deploy stage (the switch's note). */
  switched: number[];
  /** The publish-finish trace row. */
  finish: number;
}

/** One measured push: `performance.now()` moments, the progress frames and the records. */
export interface PushSample {
  sent: number;
  answered: number;
  finished: number;
  checked: number;
  timing: DeployTiming;
  records: PushRecords;
}

/** Reads what the console recorded about deploy `token`. */
export async function pushRecords(bench: BenchConsole, token: string): Promise<PushRecords> {
  const delivery = await bench.db
    .selectFrom('webhook_delivery')
    .select('insert_time')
    .where('deploy_token', '=', token)
    .executeTakeFirstOrThrow();
  const job = await bench.db
    .selectFrom('job')
    .select(['start_time', 'end_time'])
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  const rows = await bench.db
    .selectFrom('publish_trace')
    .select(['type', 'insert_time'])
    .where('token', '=', token)
    .orderBy('id')
    .execute();
  const at = (type: number) => rows.filter((r) => r.type === type).map((r) => r.insert_time);
  const lines = fs
    .readFileSync(deployLogFile(bench.dir, token), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LogLine);
  const switched = new Map<number, number>();
  for (const l of lines) {
    if (l.stage === 'afterDeploy' && l.at !== undefined) switched.set(l.serverId, l.at);
  }
  return {
    received: delivery.insert_time,
    queued: at(TraceType.queue)[0] ?? NaN,
    jobStart: job.start_time ?? NaN,
    jobEnd: job.end_time ?? NaN,
    pulled: at(TraceType.pull)[0] ?? NaN,
    transfers: at(TraceType.transfer),
    switched: [...switched.values()],
    finish: at(TraceType.publishFinish)[0] ?? NaN,
  };
}

const total = (p: PushSample) => p.checked - p.sent;
const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(0));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The parts of one push, in order; they add up to its total. */
function parts(p: PushSample): [string, number][] {
  // Console records are epoch ms: as ms since the webhook was sent.
  const rel = (epoch: number) => epoch - performance.timeOrigin - p.sent;
  const r = p.records;
  const pullStage = p.timing.stageMs.pull ?? NaN;
  const transferStage = p.timing.stageMs.transfer ?? NaN;
  const lastTransfer = rel(Math.max(...r.transfers));
  const lastSwitch = rel(Math.max(...r.transfers, ...r.switched));
  return [
    ['webhook sent → received by the console (HTTP)', rel(r.received)],
    [
      'received → deploy queued (signature, replay claim, ancestry check: git fetch)',
      rel(r.queued) - rel(r.received),
    ],
    [
      `queued → pull stage begins (queue; job claimed at +${ms(rel(r.jobStart))})`,
      pullStage - rel(r.queued),
    ],
    [
      'pull stage (checkout: the webhook has fetched the commit; decision 0054)',
      rel(r.pulled) - pullStage,
    ],
    ['after pull / build (no script)', transferStage - rel(r.pulled)],
    [
      `transfer to ${r.transfers.length} servers (rsync on its shared login, files, switch; last row)`,
      lastTransfer - transferStage,
    ],
    ['switch / after deploy recorded (last server)', lastSwitch - lastTransfer],
    ['deploy finish (state, finish row)', rel(r.finish) - lastSwitch],
    ['finished state seen by the bench', p.finished - p.sent - rel(r.finish)],
    ['read-back of every server (sha256sum in a shell kept open on each)', p.checked - p.finished],
  ];
}

/** Prints the report; answers whether the median push met the target. */
export function printPushReport(pushes: PushSample[], floorPushes: FloorPush[]): boolean {
  const floor = floorPushes.map((f) => f.totalMs);
  const ratios = pushes.map((p, i) => total(p) / floor[i]!);
  const lines = [['push', 'Ferry ms', 'baseline ms', 'ratio', 'webhook answered ms']];
  pushes.forEach((p, i) =>
    lines.push([
      String(i + 1),
      ms(total(p)),
      ms(floor[i]!),
      `${ratios[i]!.toFixed(2)}×`,
      ms(p.answered - p.sent),
    ]),
  );
  console.log(`\n${table(lines)}`);
  const med = median(pushes.map(total));
  const worst = Math.max(...pushes.map(total));
  const ratio = median(ratios);
  console.log(
    `\nFerry push to live on all servers: median ${ms(med)} ms, worst ${ms(worst)} ms; ` +
      `baseline (git fetch + checkout, parallel rsync, same read-back): median ${ms(median(floor))} ms, ` +
      `worst ${ms(Math.max(...floor))} ms; ratio ${ratio.toFixed(2)}× (median of each push's Ferry / baseline)`,
  );
  const byTotal = [...pushes].sort((a, b) => total(a) - total(b));
  const mid = byTotal[Math.floor(byTotal.length / 2)]!;
  console.log(`\nwhere the median push's ${ms(total(mid))} ms went (console records), ms:`);
  console.log(table(parts(mid).map(([label, n]) => [`  ${label}`, ms(n).padStart(6)])));
  const begun = mid.timing.stageMs.transfer ?? NaN;
  const perServer = mid.records.transfers.map((t) => t - performance.timeOrigin - mid.sent - begun);
  console.log(
    `  (each server's transfer, seed + rsync + switch in one session: ${ms(Math.min(...perServer))} / ` +
      `${ms(median(perServer))} / ${ms(Math.max(...perServer))} ms min / median / max; ` +
      (mid.timing.connectMs.length > 0
        ? `the console's own SSH logins, median ${ms(median(mid.timing.connectMs))} ms; `
        : "no SSH login of the console's own: rsync's session did everything; ") +
      `webhook answered at +${ms(mid.answered - mid.sent)} ms)`,
  );
  const of = (f: (t: FloorPush) => number) => ms(median(floorPushes.map(f)));
  console.log(
    `baseline, medians: git fetch + checkout ${of((t) => t.gitMs)}, ` +
      `parallel rsync ${of((t) => t.rsyncMs)}, read-back ${of((t) => t.checkMs)}`,
  );
  const pass = med <= TARGET_MS;
  const moon = med <= MOONSHOT_MS ? 'moonshot met' : 'moonshot not met';
  const verdict = pass
    ? `PASS: median ${ms(med)} ms ≤ ${TARGET_MS} ms (${moon}: ≤ ${MOONSHOT_MS} ms)`
    : `FAIL: median ${ms(med)} ms > ${TARGET_MS} ms, over by ${ms(med - TARGET_MS)} ms`;
  const worstNote = worst <= TARGET_MS ? 'within' : `over by ${ms(worst - TARGET_MS)} ms`;
  console.log(`\n${verdict}; worst ${ms(worst)} ms ${worstNote} the target`);
  return pass;
}
