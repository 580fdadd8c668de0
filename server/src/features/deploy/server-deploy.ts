import path from 'node:path';
import { parseArgv, type ServerDeployState, TraceState, TraceType } from '@ferry/contract';
import type { Client } from 'ssh2';
import { execSsh, type RemoteCommand } from '../../infra/ssh/exec.js';
import { shellJoin, shellQuote } from '../../infra/ssh/quote.js';
import {
  mkdirScript,
  PRUNE_FAILED,
  releaseExistsScript,
  switchAndPruneScript,
} from '../../infra/transfer/remote-release.js';
import { seedingOf } from '../../infra/transfer/rsync-options.js';
import type { TransferTarget } from '../../infra/transfer/ssh-options.js';
import { interpreterOf } from './script-runner.js';
import {
  serverVariables,
  substitute,
  type ServerFacts,
  type Variables,
} from './deploy-variables.js';
import type { StageOutput } from './deploy-log.js';
import type { DeployProject, DeployRun } from './deploy-run.js';
import { createsItsDest, isRsync, senderOf, type Sent } from './transfer-senders.js';
import { planAlone, sendAlone, type Opened } from './rsync-alone.js';

/** What one server needs from the deploy. */
export interface ServerJob {
  server: ServerFacts;
  /** 1-based position in serial mode, 0 in parallel (goploy's SERVER_SERIAL_NUMBER). */
  serial: number;
  /** The release directory name under the symlink path (this deploy's token, or a rollback's). */
  release: string;
  /** Re-link an existing release instead of transferring (a rollback). */
  relinkOnly: boolean;
}

/** Why a server step failed; the message goes to the trace and the deploy's error. */
class StepFailure extends Error {}

const seconds = (n: number) => n * 1000;

/**
 * Deploys to one server: connect, create the destination, transfer, run the after-deploy
 * script there, then (symlink mode) switch the deploy path to the new release and prune old ones.
 * When rsync can log in alone (see `planAlone`) it ships the files while the console logs in for
 * the rest, or does it all when only the files are needed. Each step writes its trace row. Never
 * throws: the outcome is the server's state.
 */
export async function deployToServer(run: DeployRun, job: ServerJob): Promise<ServerDeployState> {
  const { server } = job;
  run.setServerState(server.id, 'running');
  let client: Client | undefined;
  let releaseAlone = () => {};
  try {
    const dest = releaseDir(run, job);
    const vars: Variables = {
      ...run.vars,
      ...serverVariables(server),
      SERVER_TOTAL_NUMBER: String(run.serverCount),
      SERVER_SERIAL_NUMBER: String(job.serial),
    };
    const seedFrom = job.relinkOnly ? undefined : await startRelease(run, job);
    const plan = await planAlone(run, server.id, job.relinkOnly, vars);
    const connect = needsConsole(run, job);
    // Symlink releases and nothing else to run: rsync's login switches and prunes too.
    const switchInLogin = !!plan && !!run.project.symlinkPath && !hasScript(run) && !job.relinkOnly;
    const pruned = switchInLogin ? await releasesToPrune(run, server.id, job.release) : [];
    const switchLines: string[] = [];
    let opened: Opened | undefined;
    let transferred = false;
    if (plan) {
      const alone = await sendAlone(run, server.id, dest, plan, {
        connect: connect && !switchInLogin,
        ...(seedFrom ? { seedFrom } : {}),
        ...(switchInLogin
          ? {
              after: {
                script: switchScript(run, dest, pruned),
                onLine: (line: string) => switchLines.push(line),
              },
            }
          : {}),
      });
      opened = alone.opened;
      client = opened?.client;
      releaseAlone = alone.release;
      if (alone.sent !== 'login-failed') {
        await recordTransfer(run, server, alone.out, alone.sent);
        transferred = true;
        if (switchInLogin) {
          const code = alone.sent.after ?? -1;
          const r = { code, stderr: switchLines.join('\n') };
          await recordSwitch(run, server, dest, job.release, pruned, r);
        }
      }
    }
    if (!transferred || (connect && !switchInLogin)) {
      opened ??= await run.access.openForDeploy(server.id, {
        signal: run.signal,
        // A retried rsync uses the slot taken for the first try.
        extraConnections: opensOwnSsh(run, job) && !plan ? 1 : 0,
      });
      client = opened.client;
      if (job.relinkOnly) await relink(run, client, server, dest);
      else if (!transferred) {
        await transfer(run, client, opened.target, server, dest, vars, seedFrom);
      }
      releaseAlone();
      await afterDeploy(run, client, server, dest, vars);
      if (run.project.symlinkPath) await switchAndPrune(run, client, server, dest, job.release);
    }
    run.setServerState(server.id, 'success');
    return 'success';
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (!(e instanceof StepFailure)) {
      await run.trace({
        type: TraceType.transfer,
        serverId: server.id,
        state: TraceState.failed,
        ext: { serverId: server.id, serverName: server.name, command: '' },
        detail: message,
      });
    }
    run.failServer(server, message);
    run.setServerState(server.id, 'fail');
    return 'fail';
  } finally {
    releaseAlone();
    client?.end();
  }
}

const hasScript = (run: DeployRun) => run.script.afterDeploy.content.trim() !== '';

/** Whether the server needs a console connection beyond the files: a rollback, script or switch. */
const needsConsole = (run: DeployRun, job: ServerJob) =>
  job.relinkOnly || !!run.project.symlinkPath || hasScript(run);

/** Whether the transfer opens a connection of its own (rsync's ssh; a custom command's, say scp). */
const opensOwnSsh = (run: DeployRun, job: ServerJob) =>
  !job.relinkOnly && run.project.transferType !== 'sftp';

function releaseDir(run: DeployRun, job: ServerJob): string {
  const { project } = run;
  return project.symlinkPath ? path.posix.join(project.symlinkPath, job.release) : project.path;
}

async function remote(
  run: DeployRun,
  client: Client,
  command: RemoteCommand,
  timeoutMs: number,
  io: { out?: (chunk: Buffer) => void; stdin?: string } = {},
) {
  return execSsh(client, command, {
    timeoutMs,
    signal: run.signal,
    ...(io.out ? { onStdout: io.out, onStderr: io.out } : {}),
    ...(io.stdin !== undefined ? { stdin: io.stdin } : {}),
  });
}

/**
 * Symlink mode: records the new release (incomplete until the switch) before anything reaches
 * the server, and answers the release the server runs now, which seeds the new one.
 */
async function startRelease(run: DeployRun, job: ServerJob): Promise<string | undefined> {
  const { project } = run;
  if (!project.symlinkPath) return undefined;
  const at = { projectId: project.id, serverId: job.server.id };
  const current = (await run.releases.live(at.projectId, at.serverId)).find(
    (r) => r.name !== job.release,
  );
  await run.releases.starting({ ...at, name: job.release, token: run.token, now: run.clock.now() });
  return current && path.posix.join(project.symlinkPath, current.name);
}

/** Creates the destination and ships the working copy there; the trace row says how it went. */
async function transfer(
  run: DeployRun,
  client: Client,
  target: TransferTarget,
  server: ServerFacts,
  dest: string,
  vars: Variables,
  seedFrom: string | undefined,
) {
  const out = run.log.stage('transfer', server.id);
  const timeoutMs = seconds(run.project.transferTimeout);
  let sent: Sent;
  const made = createsItsDest(run.project.transferType)
    ? { code: 0, stderr: '' }
    : await remote(run, client, { script: mkdirScript(dest) }, timeoutMs);
  const parsed = parseArgv(substitute(run.project.transferOption, vars));
  if (made.code !== 0) {
    sent = { command: `mkdir -p ${dest}`, error: `cannot create ${dest}: ${made.stderr.trim()}` };
  } else if (!Array.isArray(parsed)) {
    sent = { command: run.project.transferOption, error: `transfer option ${parsed.problem}` };
  } else {
    const send = senderOf(run.project.transferType);
    const argv = withSourceExcludes(run.project, parsed);
    sent = await send({ run, client, target, server, dest, seedFrom, argv, timeoutMs, out });
  }
  await recordTransfer(run, server, out, sent);
}

/**
 * A Subversion working copy's `.svn` folder (svn's own copy of every file) never travels to the
 * servers, whatever the options say: rsync and the SFTP sender both take `--exclude`. A custom
 * transfer's command is the team's own.
 */
function withSourceExcludes(project: DeployProject, argv: string[]): string[] {
  return project.repoType === 'svn' && project.transferType !== 'custom'
    ? [...argv, '--exclude', '.svn']
    : argv;
}

/** The transfer's trace row; a failed transfer ends the server's deploy. */
async function recordTransfer(run: DeployRun, server: ServerFacts, out: StageOutput, sent: Sent) {
  if (sent.error) out.note(sent.error);
  await run.trace({
    type: TraceType.transfer,
    serverId: server.id,
    state: sent.error ? 0 : 1,
    ext: { serverId: server.id, serverName: server.name, command: sent.command },
    detail: out.text(),
  });
  if (sent.error) throw new StepFailure(`transfer: ${sent.error}`);
}

/** A rollback: the release must still be there. */
async function relink(run: DeployRun, client: Client, server: ServerFacts, dest: string) {
  const out = run.log.stage('transfer', server.id);
  const command = `relink ${dest}`;
  out.note(`$ test -d ${shellQuote(dest)}`);
  const r = await remote(run, client, { script: releaseExistsScript(dest) }, 30_000);
  const ok = r.code === 0;
  if (!ok) out.note(`the release ${dest} is no longer on this server`);
  await run.trace({
    type: TraceType.transfer,
    serverId: server.id,
    state: ok ? 1 : 0,
    ext: { serverId: server.id, serverName: server.name, command },
    detail: out.text(),
  });
  if (!ok) throw new StepFailure(`the release ${dest} is no longer on this server`);
}

async function afterDeploy(
  run: DeployRun,
  client: Client,
  server: ServerFacts,
  dest: string,
  vars: Variables,
) {
  const stage = run.script.afterDeploy;
  if (stage.content.trim() === '') return;
  const out = run.log.stage('afterDeploy', server.id);
  const script = substitute(stage.content, vars);
  const { program, stdinArgs } = interpreterOf(stage.mode);
  const env = Object.entries(vars).map(([k, v]) => `${k}=${v}`);
  // SECURITY: every word quoted by shellJoin; the script itself travels on stdin.
  const line = `cd ${shellQuote(dest)} && exec ${shellJoin(['env', ...env, program, ...stdinArgs])}`;
  const timeoutMs = seconds(run.project.afterDeployTimeout);
  let why = '';
  try {
    const r = await remote(run, client, { script: line }, timeoutMs, {
      out: (c) => out.push(c.toString('utf8')),
      stdin: script.endsWith('\n') ? script : `${script}\n`,
    });
    out.flush();
    if (r.code !== 0) why = `exit status ${r.code}`;
  } catch (e) {
    out.flush();
    why = e instanceof Error ? e.message : String(e);
  }
  if (why) out.note(why);
  await run.trace({
    type: TraceType.afterDeploy,
    serverId: server.id,
    state: why ? 0 : 1,
    ext: { serverId: server.id, serverName: server.name, script },
    detail: out.text(),
  });
  if (why) throw new StepFailure(`after deploy: ${why}`);
}

/**
 * The releases to remove once `release` is linked: those beyond the number kept (this one is
 * then the newest and never pruned), and every release never linked (a failed or cut-off deploy).
 */
async function releasesToPrune(run: DeployRun, serverId: number, release: string) {
  const { project } = run;
  const live = (await run.releases.live(project.id, serverId)).filter((r) => r.name !== release);
  const incomplete = await run.releases.incomplete(project.id, serverId);
  return [
    ...live.slice(Math.max(0, project.symlinkBackupNumber - 1)),
    ...incomplete.filter((r) => r.name !== release),
  ];
}

type Prunable = Awaited<ReturnType<typeof releasesToPrune>>;

/**
 * The switch to `dest`, then the removal of `old`, as one server command; then, when the next
 * release will be seeded by a copy of links, that copy is made in the background (a spare).
 */
const switchScript = (run: DeployRun, dest: string, old: Prunable) =>
  switchAndPruneScript(
    dest,
    run.project.path,
    run.project.symlinkPath,
    old.map((o) => o.name),
    { spare: seedsByCopy(run) },
  );

/** Whether the project's releases are seeded by a copy of links (rsync, and options that allow). */
function seedsByCopy(run: DeployRun): boolean {
  if (!isRsync(run.project.transferType)) return false;
  const argv = parseArgv(run.project.transferOption);
  return Array.isArray(argv) && seedingOf(argv) === 'copy';
}

/**
 * Switches the deploy path to the release atomically and removes releases beyond the kept, in one
 * command (the removal runs only when the switch went through).
 */
async function switchAndPrune(
  run: DeployRun,
  client: Client,
  server: ServerFacts,
  dest: string,
  release: string,
) {
  const old = await releasesToPrune(run, server.id, release);
  const r = await remote(run, client, { script: switchScript(run, dest, old) }, 120_000);
  await recordSwitch(run, server, dest, release, old, { code: r.code, stderr: r.stderr });
}

/** What the switch command did, in the log and in `project_release`; a failed switch throws. */
async function recordSwitch(
  run: DeployRun,
  server: ServerFacts,
  dest: string,
  release: string,
  old: Prunable,
  r: { code: number | null; stderr: string },
) {
  const out = run.log.stage('afterDeploy', server.id);
  const { project } = run;
  if (r.code !== 0 && r.code !== PRUNE_FAILED) {
    const why =
      r.stderr.trim() || (r.code === -1 ? 'the connection ended' : `exit status ${r.code}`);
    out.note(`cannot link ${project.path} to ${dest}: ${why}`);
    throw new StepFailure(`switch: ${why}`);
  }
  out.note(`${project.path} -> ${dest}`);
  const at = { projectId: project.id, serverId: server.id };
  await run.releases.linked({ ...at, name: release, token: run.token, now: run.clock.now() });
  if (old.length === 0) return;
  const names = old.map((o) => o.name);
  if (r.code === 0) {
    await run.releases.pruned(old.map((o) => o.id));
    out.note(`pruned ${names.length} old release(s): ${names.join(', ')}`);
  } else {
    out.note(`pruning old releases failed: ${r.stderr.trim()}`);
  }
}
