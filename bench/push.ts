/**
 * Push to live: a commit pushed to the project's git origin, the push webhook sent to the console
 * as GitHub sends it (`POST /deploy/webhook?project_id=…`, `X-GitHub-Event: push`, the body's
 * HMAC-SHA256 with the project's webhook secret in `X-Hub-Signature-256`), the deploy it starts
 * of a one-file change to 10 real sshd servers on this machine (rsync with symlink releases: each
 * deploy a new release dir seeded from the current one, then the deploy path switched to it),
 * until every server serves the new content at the deploy path (read back over SSH from each).
 * The project is the deploy bench's (about 2,000 files, 30 MB); auto deploy is on, no after-pull
 * or after-deploy script.
 * The clock starts when the webhook is sent (the push to the origin comes before, as it does
 * before GitHub sends its hook) and stops when the last server has been read back.
 * One warm-up push (the first deploy: the console clones, the servers are filled), then
 * `--pushes` measured pushes (default 5). Where the median push's time went comes from the
 * console's own records: the webhook's delivery row, the job row, the publish trace rows, the
 * deploy log's lines and the progress frames.
 * Baseline, alternating with the console push by push: `git fetch` + `checkout` of the same
 * commit in a plain clone, one plain `rsync -rt --delete --exclude .git` per server at once into
 * a plain directory, and the same read-back of every server; printed as a ratio.
 * Target: the median push live on all 10 servers within 3 s (moonshot 1.5 s); the worst is printed
 * beside it. Exits non-zero when the target is missed.
 * Needs root (the sshd servers run as throwaway Linux users).
 *
 *   npx tsx bench/push.ts [-- --pushes 5]
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createGitOrigin, type GitOrigin } from '../server/test/git-fixture.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../server/test/sshd-fleet.js';
import { startBenchConsole, type BenchConsole } from './bench-console.js';
import { connectFerry, request, type Ferry } from './deploy-ferry.js';
import { floorClone, floorRsync, floorUpdate, runProgram } from './deploy-floor.js';
import { writeBenchProject, type WrittenProject } from './deploy-project.js';
import { openShell, quote, sshArgs, type RemoteShell } from './openssh.js';
import { pushRecords, printPushReport, type FloorPush, type PushSample } from './push-report.js';
import { runRig, secondsSince } from './run-rig.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const PUSHES = arg('pushes', 5);
const SERVERS = 10;
const RSYNC_OPTION = '-rt --delete --exclude .git';

/** Everything one run sets up; each part is cleaned up on the way out, even after a failure. */
interface Rig {
  fleet: SshdFleet;
  origin: GitOrigin;
  bench: BenchConsole;
  ferry: Ferry;
  projectId: number;
  secret: string;
  project: WrittenProject;
  mountAt: string;
  /** Local scratch space: the baseline's clone and the SSH master connections. */
  work: string;
  /** The master connection of each server, and a shell on it for reading its files back. */
  controls: string[];
  shells: RemoteShell[];
  /** The editable file's content at the newest commit. */
  edited: string;
  /** The commit the servers run. */
  head: string;
  changes: number;
}

/** Fails unless every server holds the newest content at `dir`/<editable> (read over SSH). */
async function checkAll(rig: Rig, dir: string): Promise<void> {
  const file = path.posix.join(dir, rig.project.editable);
  const want = createHash('sha256').update(rig.edited).digest('hex');
  await Promise.all(
    rig.shells.map(async (shell, i) => {
      const { out, code } = await shell.run(quote(['sha256sum', '--', file]));
      if (code !== 0 || !out.startsWith(`${want} `)) {
        throw new Error(`${rig.fleet.servers[i]!.user}: ${file} is not the newest commit's`);
      }
    }),
  );
}

/** One commit that changes one text file (a line appended), pushed to the origin. */
async function commitChange(rig: Rig): Promise<string> {
  rig.changes += 1;
  rig.edited += `// change ${rig.changes}\n`;
  return rig.origin.commit({ [rig.project.editable]: rig.edited }, `change ${rig.changes}`);
}

/** The push event GitHub sends for `after` on main, signed with the project's secret. */
function githubPush(rig: Rig, after: string) {
  // The first push of a branch names no commit before it.
  const before = rig.head === after ? '0'.repeat(40) : rig.head;
  const body = {
    ref: 'refs/heads/main',
    before,
    after,
    repository: { full_name: 'bench/shop', clone_url: rig.origin.url },
    pusher: { name: 'bench' },
    head_commit: { id: after, message: `change ${rig.changes}` },
  };
  // `request` sends JSON.stringify(body): the same bytes as signed here.
  const signature = createHmac('sha256', rig.secret).update(JSON.stringify(body)).digest('hex');
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'GitHub-Hookshot/bench',
    'x-github-event': 'push',
    'x-github-delivery': randomUUID(),
    'x-hub-signature-256': `sha256=${signature}`,
  };
  return { body, headers };
}

/** Sends the webhook for `commit`, waits until every server runs it; answers where time went. */
async function ferryPush(rig: Rig, commit: string): Promise<PushSample> {
  const { body, headers } = githubPush(rig, commit);
  await runProgram('sync', []);
  const sent = performance.now();
  const answer = await request(
    rig.bench.host,
    'POST',
    `/deploy/webhook?project_id=${rig.projectId}`,
    headers,
    body,
  );
  const answered = performance.now();
  const env = JSON.parse(answer) as { code: number; message: string };
  if (env.code !== 0) throw new Error(`webhook refused: ${env.code} ${env.message}`);
  const token = await deliveredToken(rig);
  const timing = await rig.ferry.awaitDeploy(token, sent);
  const finished = performance.now();
  await checkAll(rig, path.posix.join(rig.mountAt, 'app'));
  const checked = performance.now();
  rig.head = commit;
  const records = await pushRecords(rig.bench, token);
  return { sent, answered, finished, checked, timing, records };
}

/** The deploy the newest accepted delivery started (the delivery log names it). */
async function deliveredToken(rig: Rig): Promise<string> {
  const page = await rig.ferry.api<{ list: { token: string; accepted: boolean }[] }>(
    'GET',
    `/project/getWebhookDeliveryList?id=${rig.projectId}&page=1&rows=1`,
  );
  const newest = page.list[0];
  if (!newest?.accepted || !newest.token) throw new Error('the push started no deploy');
  return newest.token;
}

const floorTargets = (rig: Rig) =>
  rig.fleet.servers.map((s: SshdServer) => ({
    host: s.host,
    port: s.port,
    user: s.user,
    keyPath: s.keys.plain.path,
    dest: path.posix.join(rig.mountAt, 'floor'),
  }));

/** The baseline: fetch + checkout (a clone the first time), parallel rsync, the same read-back. */
async function floorPush(rig: Rig, commit: string | undefined): Promise<FloorPush> {
  const clone = path.join(rig.work, 'floor');
  await runProgram('sync', []);
  const started = performance.now();
  if (commit) await floorUpdate(clone, commit);
  else await floorClone(rig.origin.url, clone);
  const pulled = performance.now();
  await floorRsync(clone, floorTargets(rig), RSYNC_OPTION.split(' '));
  const sent = performance.now();
  await checkAll(rig, path.posix.join(rig.mountAt, 'floor'));
  const ended = performance.now();
  return {
    totalMs: ended - started,
    gitMs: pulled - started,
    rsyncMs: sent - pulled,
    checkMs: ended - sent,
  };
}

async function setUp(parts: Partial<Rig>): Promise<Rig> {
  parts.mountAt = `/srv/ferry-bench-${randomBytes(4).toString('hex')}`;
  parts.work = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-push-'));
  parts.controls = [];
  parts.shells = [];
  parts.fleet = await startSshdFleet({ count: SERVERS, mountAt: parts.mountAt });
  for (const [i, s] of parts.fleet.servers.entries()) {
    const control = path.join(parts.work, `c${i}`);
    await runProgram('ssh', ['-M', '-f', '-N', '-o', 'ControlPersist=yes', ...sshArgs(s, control)]);
    parts.controls.push(control);
    parts.shells.push(openShell(s, control));
  }
  parts.origin = await createGitOrigin({ name: 'shop' });
  parts.project = writeBenchProject(parts.origin.workDir);
  parts.edited = fs.readFileSync(path.join(parts.origin.workDir, parts.project.editable), 'utf8');
  parts.changes = 0;
  parts.head = await parts.origin.commit({}, 'the project');
  parts.bench = await startBenchConsole('push', { logLevel: 'warn' });
  parts.ferry = await connectFerry(parts.bench);
  const serverIds = await parts.ferry.addServers(parts.fleet.servers);
  parts.projectId = await parts.ferry.addProject({
    name: 'shop',
    url: parts.origin.url,
    path: `${parts.mountAt}/app`,
    symlinkPath: `${parts.mountAt}/releases`,
    transferType: 'rsync',
    transferOption: RSYNC_OPTION,
    serverIds,
  });
  const id = parts.projectId;
  await parts.ferry.api('PUT', '/project/setAutoDeploy', { id, autoDeploy: 1 });
  const { secret } = await parts.ferry.api<{ secret: string }>(
    'PUT',
    '/project/resetWebhookSecret',
    { id },
  );
  parts.secret = secret;
  return parts as Rig;
}

async function tearDown(parts: Partial<Rig>): Promise<void> {
  const steps = [
    () => parts.bench?.close(),
    () => parts.origin?.cleanup(),
    () => parts.shells?.forEach((shell) => shell.close()),
    ...(parts.controls ?? []).map(
      (control, i) => () =>
        runProgram('ssh', ['-O', 'exit', ...sshArgs(parts.fleet!.servers[i]!, control)]),
    ),
    () => parts.fleet?.stopAll(),
    () => parts.work && fs.rmSync(parts.work, { recursive: true, force: true }),
  ];
  for (const step of steps) {
    try {
      await step();
    } catch (e) {
      console.error('clean-up:', e);
    }
  }
}

/** The warm-up (first deploy, both sides), then the measured pushes, alternating who goes first. */
async function measure(rig: Rig): Promise<{ pushes: PushSample[]; floor: FloorPush[] }> {
  const warm = await ferryPush(rig, rig.head);
  const warmFloor = await floorPush(rig, undefined);
  console.log(
    `warm-up (first deploy, fills the servers): Ferry ${(warm.checked - warm.sent).toFixed(0)} ms, ` +
      `baseline (clone + rsync) ${warmFloor.totalMs.toFixed(0)} ms`,
  );
  const pushes: PushSample[] = [];
  const floor: FloorPush[] = [];
  for (let i = 0; i < PUSHES; i++) {
    const commit = await commitChange(rig);
    const ferry = () => ferryPush(rig, commit).then((p) => void pushes.push(p));
    const base = () => floorPush(rig, commit).then((t) => void floor.push(t));
    for (const step of i % 2 === 0 ? [ferry, base] : [base, ferry]) await step();
  }
  return { pushes, floor };
}

await runRig(setUp, tearDown, async (rig, started) => {
  const mb = (rig.project.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores; ${SERVERS} sshd servers on loopback; ` +
      `${rig.project.files} files, ${mb} MiB; rsync with symlink releases; ${PUSHES} pushes ` +
      `(set up in ${secondsSince(started)} s)`,
  );
  const { pushes, floor } = await measure(rig);
  const pass = printPushReport(pushes, floor);
  console.log(`(${secondsSince(started, 0)} s in all)`);
  return pass;
});
