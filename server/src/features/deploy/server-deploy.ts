import path from 'node:path';
import { parseArgv, type ServerDeployState, TraceState, TraceType } from '@ferry/contract';
import type { Client } from 'ssh2';
import { execSsh, type RemoteCommand } from '../../infra/ssh/exec.js';
import { shellJoin, shellQuote } from '../../infra/ssh/quote.js';
import {
  mkdirScript,
  releaseExistsScript,
  removeReleasesScript,
  switchLinkScript,
} from '../../infra/transfer/remote-release.js';
import type { TransferTarget } from '../../infra/transfer/ssh-options.js';
import { interpreterOf } from './script-runner.js';
import {
  serverVariables,
  substitute,
  type ServerFacts,
  type Variables,
} from './deploy-variables.js';
import type { StageOutput } from './deploy-log.js';
import type { DeployRun } from './deploy-run.js';
import {
  createsItsDest,
  isRsync,
  sendByRsyncAlone,
  senderOf,
  type Sent,
} from './transfer-senders.js';

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
 * When only the files are needed, rsync alone may do it all (see `transferredAlone`). Each step
 * writes its trace row. Never throws: the outcome is the server's state.
 */
export async function deployToServer(run: DeployRun, job: ServerJob): Promise<ServerDeployState> {
  const { server } = job;
  run.setServerState(server.id, 'running');
  let client: Client | undefined;
  try {
    const dest = releaseDir(run, job);
    const vars: Variables = {
      ...run.vars,
      ...serverVariables(server),
      SERVER_TOTAL_NUMBER: String(run.serverCount),
      SERVER_SERIAL_NUMBER: String(job.serial),
    };
    if (!(await transferredAlone(run, job, dest, vars))) {
      const opened = await run.access.openForDeploy(server.id, {
        signal: run.signal,
        extraConnections: opensOwnSsh(run, job) ? 1 : 0,
      });
      client = opened.client;
      if (job.relinkOnly) await relink(run, client, server, dest);
      else {
        const seedFrom = await startRelease(run, job);
        await transfer(run, client, opened.target, server, dest, vars, seedFrom);
      }
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
    client?.end();
  }
}

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
 * The single login: when the server needs nothing but the files (rsync mode, no after-deploy
 * script, no symlink switch, not a rollback, no `--rsync-path` of the project's own) and the console still holds the host keys it last
 * verified for it, rsync logs in alone and creates the destination itself; no console connection.
 * False when that does not apply, or when rsync's ssh could not log in (nothing was recorded):
 * the caller then connects as always, which checks the host keys again, records a changed one
 * as pending and refuses, or reports why the server cannot be reached.
 */
async function transferredAlone(
  run: DeployRun,
  job: ServerJob,
  dest: string,
  vars: Variables,
): Promise<boolean> {
  const { project, script } = run;
  const onlyFiles =
    !job.relinkOnly &&
    !project.symlinkPath &&
    script.afterDeploy.content.trim() === '' &&
    isRsync(project.transferType);
  if (!onlyFiles) return false;
  const argv = parseArgv(substitute(project.transferOption, vars));
  if (!Array.isArray(argv)) return false; // reported by the usual path, as always
  // A project's own `--rsync-path` (say `sudo rsync`) is kept as it is: the usual path.
  if (argv.some((word) => word === '--rsync-path' || word.startsWith('--rsync-path='))) {
    return false;
  }
  const target = await run.access.deployTarget(job.server.id);
  if (!target) return false;
  const out = run.log.stage('transfer', job.server.id);
  const timeoutMs = seconds(project.transferTimeout);
  // rsync's ssh counts against the server's connection budget like the console's own.
  const release = await run.access.reserveConnections(job.server.id, 1, run.signal);
  let sent: Awaited<ReturnType<typeof sendByRsyncAlone>>;
  try {
    sent = await sendByRsyncAlone({ run, target, dest, argv, timeoutMs, out });
  } finally {
    release();
  }
  if (sent === 'login-failed') return false;
  await recordTransfer(run, job.server, out, sent);
  return true;
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
    const argv = parsed;
    sent = await send({ run, client, target, server, dest, seedFrom, argv, timeoutMs, out });
  }
  await recordTransfer(run, server, out, sent);
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

/** Switches the deploy path to the release atomically, then removes releases beyond the kept. */
async function switchAndPrune(
  run: DeployRun,
  client: Client,
  server: ServerFacts,
  dest: string,
  release: string,
) {
  const out = run.log.stage('afterDeploy', server.id);
  const { project } = run;
  const r = await remote(run, client, { script: switchLinkScript(dest, project.path) }, 60_000);
  if (r.code !== 0) {
    const why = r.stderr.trim() || `exit status ${r.code}`;
    out.note(`cannot link ${project.path} to ${dest}: ${why}`);
    throw new StepFailure(`switch: ${why}`);
  }
  out.note(`${project.path} -> ${dest}`);
  await run.releases.linked({
    projectId: project.id,
    serverId: server.id,
    name: release,
    token: run.token,
    now: run.clock.now(),
  });
  const live = await run.releases.live(project.id, server.id);
  // The release just linked is the newest; it is never pruned. Releases never linked (a failed
  // or cut-off deploy) go too.
  const old = [
    ...live.filter((r) => r.name !== release).slice(Math.max(0, project.symlinkBackupNumber - 1)),
    ...(await run.releases.incomplete(project.id, server.id)).filter((r) => r.name !== release),
  ];
  if (old.length === 0) return;
  const names = old.map((o) => o.name);
  const pruned = await remote(
    run,
    client,
    { script: removeReleasesScript(project.symlinkPath, names) },
    120_000,
  );
  if (pruned.code === 0) {
    await run.releases.pruned(old.map((o) => o.id));
    out.note(`pruned ${names.length} old release(s): ${names.join(', ')}`);
  } else {
    out.note(`pruning old releases failed: ${pruned.stderr.trim()}`);
  }
}
