/**
 * A deploy through the console against the floor — the same git update plus one plain `rsync`
 * per server, all at once, with the same options — in one run, to 10 real sshd servers on this
 * machine, for a project of about 2,000 files and 30 MB (seeded, so every run ships the same
 * bytes):
 *   (1) the first full deploy to empty servers, (2) a one-file change after a new commit.
 * Each is measured for the console in rsync mode (parallel, `-rt --delete --exclude .git`, no
 * symlink, so both write into a plain directory), in sftp mode and in rsync mode with symlink
 * releases (each deploy a new release dir, seeded from the current one); the floor is run
 * alongside. Wall time runs from the publish request until the deploy counts as finished; the
 * floor's from the start of its git command until the last rsync exits. 3 rounds; each deploys
 * into fresh directories and rotates which side goes first; the ratio is the median of the
 * rounds' ratios.
 * Targets: rsync and rsync+symlink ≤ 1.3× the floor, first and incremental; sftp one-file change
 * ≤ 1.5×. sftp's first deploy is reported only.
 * Needs root (the sshd servers run as throwaway Linux users).
 *
 *   npx tsx bench/deploy.ts [-- --rounds 3]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createGitOrigin, type GitOrigin } from '../server/test/git-fixture.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../server/test/sshd-fleet.js';
import { startBenchConsole, type BenchConsole } from './bench-console.js';
import { connectFerry, type DeployTiming, type Ferry } from './deploy-ferry.js';
import {
  floorClone,
  floorRsync,
  floorUpdate,
  runProgram,
  type FloorTarget,
} from './deploy-floor.js';
import { countFiles, writeBenchProject, type WrittenProject } from './deploy-project.js';
import { printReport, type Samples } from './deploy-report.js';
import { runRig, secondsSince } from './run-rig.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const ROUNDS = arg('rounds', 3);
const SERVERS = 10;
const RSYNC_OPTION = '-rt --delete --exclude .git';
const SFTP_OPTION = '--exclude .git --delete';

/** Everything one run sets up; each part is cleaned up on the way out, even after a failure. */
interface Rig {
  fleet: SshdFleet;
  origin: GitOrigin;
  bench: BenchConsole;
  ferry: Ferry;
  serverIds: number[];
  project: WrittenProject;
  mountAt: string;
  /** Local scratch space: the floor's clones. */
  work: string;
  /** The editable file's content at the newest commit. */
  edited: string;
  changes: number;
}

const samples: Samples = {
  ferry: new Map(),
  floor: { first: [], incremental: [] },
};

function record(key: string, t: DeployTiming): void {
  samples.ferry.set(key, [...(samples.ferry.get(key) ?? []), t]);
}

/** One commit that changes one text file (a line appended, so its size changes too). */
async function commitChange(rig: Rig): Promise<string> {
  rig.changes += 1;
  rig.edited += `// change ${rig.changes}\n`;
  return rig.origin.commit({ [rig.project.editable]: rig.edited }, `change ${rig.changes}`);
}

/** `rel` (under the shared deploy mount point) on one server, seen from here. */
const onServer = (s: SshdServer, rel: string) => path.join(s.mounted!, rel);

/** Fails the run unless every server holds the whole project (first) or the new edit. */
function check(rig: Rig, dest: string, what: 'first' | 'incremental'): void {
  for (const s of rig.fleet.servers) {
    const where = onServer(s, path.relative(rig.mountAt, dest));
    if (what === 'first' && countFiles(where) !== rig.project.files) {
      throw new Error(`${where} holds ${countFiles(where)} files, not ${rig.project.files}`);
    }
    const text = fs.readFileSync(path.join(where, rig.project.editable), 'utf8');
    if (text !== rig.edited) throw new Error(`${where} does not hold the newest commit`);
  }
}

const floorTargets = (rig: Rig, dest: string): FloorTarget[] =>
  rig.fleet.servers.map((s) => ({
    host: s.host,
    port: s.port,
    user: s.user,
    keyPath: s.keys.plain.path,
    dest,
  }));

/**
 * Writes out what earlier steps left in the page cache, untimed, so that writing it back does
 * not land in whichever measurement comes next.
 */
const settle = () => runProgram('sync', []);

async function floorDeploy(rig: Rig, clone: string, dest: string, commit?: string) {
  await settle();
  const started = performance.now();
  if (commit) await floorUpdate(clone, commit);
  else await floorClone(rig.origin.url, clone);
  const pulled = performance.now();
  await floorRsync(clone, floorTargets(rig, dest), RSYNC_OPTION.split(' '));
  const ended = performance.now();
  check(rig, dest, commit ? 'incremental' : 'first');
  const t = { totalMs: ended - started, gitMs: pulled - started, rsyncMs: ended - pulled };
  samples.floor[commit ? 'incremental' : 'first'].push(t);
}

async function ferryDeploy(rig: Rig, key: string, projectId: number, dest: string, first: boolean) {
  await settle();
  record(key, await rig.ferry.publish(projectId));
  check(rig, dest, first ? 'first' : 'incremental');
}

/**
 * One round: first deploys into fresh directories (the console in each mode, and the floor), one
 * commit, then the same sides update.
 */
async function round(rig: Rig, r: number): Promise<void> {
  const dest = (name: string) => `${rig.mountAt}/${name}-${r}`;
  const add = (mode: 'rsync' | 'sftp' | 'symlink') =>
    rig.ferry.addProject({
      name: `${mode}-${r}`,
      url: rig.origin.url,
      path: dest(`app-${mode}`),
      symlinkPath: mode === 'symlink' ? dest('releases') : '',
      transferType: mode === 'sftp' ? 'sftp' : 'rsync',
      transferOption: mode === 'sftp' ? SFTP_OPTION : RSYNC_OPTION,
      serverIds: rig.serverIds,
    });
  const modes = ['rsync', 'sftp', 'symlink'] as const;
  const projects = new Map<string, number>();
  for (const mode of modes) projects.set(mode, await add(mode));
  const clone = path.join(rig.work, `floor-${r}`);
  const sides = (first: boolean, commit?: string) => [
    () => floorDeploy(rig, clone, dest('floor'), commit),
    ...modes.map(
      (mode) => () =>
        ferryDeploy(rig, `${mode} ${first}`, projects.get(mode)!, dest(`app-${mode}`), first),
    ),
  ];
  // A busy moment of the machine should not always hit the same side.
  const rotate = <T>(xs: T[]) => [...xs.slice(r % xs.length), ...xs.slice(0, r % xs.length)];
  for (const step of rotate(sides(true))) await step();
  const commit = await commitChange(rig);
  for (const step of rotate(sides(false, commit))) await step();
  for (const s of rig.fleet.servers) {
    for (const name of ['floor', 'releases', ...modes.map((m) => `app-${m}`)]) {
      fs.rmSync(onServer(s, `${name}-${r}`), { recursive: true, force: true });
    }
  }
  fs.rmSync(clone, { recursive: true, force: true });
}

async function setUp(parts: Partial<Rig>): Promise<Rig> {
  parts.mountAt = `/srv/ferry-bench-${randomBytes(4).toString('hex')}`;
  parts.work = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-deploy-'));
  parts.fleet = await startSshdFleet({ count: SERVERS, mountAt: parts.mountAt });
  parts.origin = await createGitOrigin({ name: 'shop' });
  parts.project = writeBenchProject(parts.origin.workDir);
  parts.edited = fs.readFileSync(path.join(parts.origin.workDir, parts.project.editable), 'utf8');
  parts.changes = 0;
  await parts.origin.commit({}, 'the project');
  parts.bench = await startBenchConsole('deploy', { logLevel: 'warn' });
  parts.ferry = await connectFerry(parts.bench);
  parts.serverIds = await parts.ferry.addServers(parts.fleet.servers);
  return parts as Rig;
}

async function tearDown(parts: Partial<Rig>): Promise<void> {
  const steps = [
    () => parts.bench?.close(),
    () => parts.origin?.cleanup(),
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

await runRig(setUp, tearDown, async (rig, started) => {
  const mb = (rig.project.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores; ${SERVERS} sshd servers on loopback; ` +
      `${rig.project.files} files, ${mb} MiB; ${ROUNDS} rounds (set up in ${secondsSince(started)} s)`,
  );
  for (let r = 0; r < ROUNDS; r++) await round(rig, r);
  const pass = printReport(samples);
  console.log(`${pass ? 'PASS' : 'FAIL'} (${secondsSince(started, 0)} s)`);
  return pass;
});
