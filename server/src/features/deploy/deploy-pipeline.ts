import fs from 'node:fs';
import { DeployState, HubType, type ProjectScript, TraceState, TraceType } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import type { Hub } from '../../core/ws/hub.js';
import type { CommitInfo, GitClient } from '../../infra/git/git-client.js';
import type { Job } from '../../infra/jobs/job-queue.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import type { SvnClient } from '../../infra/svn/svn-client.js';
import type { NotificationApi } from '../notification/notification.api.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';
import type { ProjectFileApi } from '../project-file/project-file.api.js';
import type { ServerAccess, ServerDirectory } from '../server/server.api.js';
import type { LiveStages } from './deploy-live.js';
import { createDeployLog, deployLogFile } from './deploy-log.js';
import { deployNotice } from './deploy-notice.js';
import { DeployRun, type DeployProject } from './deploy-run.js';
import {
  commitVariables,
  customVariables,
  projectServersVariable,
  projectVariables,
  substitute,
  type ServerFacts,
} from './deploy-variables.js';
import type { DeployStateStore } from './deploy-state.js';
import type { ReleaseRepository } from './release.repository.js';
import { writeProjectFiles } from './project-files-stage.js';
import { runLocalScript } from './script-runner.js';
import { checkoutSource } from './source-checkout.js';
import type { FtpSources } from '../../infra/source-tree/ftp-source.js';
import type { SftpSources } from '../../infra/source-tree/sftp-source.js';
import { deployToServer, type ServerJob } from './server-deploy.js';
import type { TraceRepository } from './trace.repository.js';
import type { TransferManifestRepository } from './transfer-manifest.repository.js';

/** What a deploy job carries (stored as JSON with the job). */
export interface DeployPayload {
  projectId: number;
  publisher: { id: number; name: string };
  /** `origin/<branch>`, a tag or a commit id. */
  ref: string;
  /**
   * The branch the trace records (`origin/<branch>`), also when `ref` is a chosen commit; a
   * rollback carries the rolled-back deploy's. Absent in jobs queued before it was kept: the ref.
   */
  branch?: string;
  serverIds: number[];
  customVariables: { name: string; value: string }[];
  script: ProjectScript;
  /** A rollback: re-link `release` on `relink` servers; the others rebuild `commit`. */
  rollback?: { release: string; commit: CommitInfo; relink: number[] };
  /** What started it: publish (default), rollback, webhook, schedule or review. */
  trigger?: string;
}

export interface PipelineDeps {
  sharedDir: string;
  clock: Clock;
  hub: Hub;
  git: GitClient;
  svn: SvnClient;
  sftpSources: SftpSources;
  ftpSources: FtpSources;
  copies: WorkingCopies;
  access: ServerAccess;
  projects: ProjectAccess;
  servers: Pick<ServerDirectory, 'forDeploy'>;
  traces: TraceRepository;
  releases: ReleaseRepository;
  manifests: TransferManifestRepository;
  states: DeployStateStore;
  live: LiveStages;
  notifications: NotificationApi;
  projectFiles: ProjectFileApi;
}

class StageFailed extends Error {}

const seconds = (n: number) => n * 1000;

function projectOf(row: ProjectRecord): DeployProject {
  return {
    id: row.id,
    namespaceId: row.namespace_id,
    name: row.name,
    path: row.path,
    symlinkPath: row.symlink_path,
    symlinkBackupNumber: row.symlink_backup_number,
    repoType: row.repo_type,
    transferType: row.transfer_type,
    transferOption: row.transfer_option,
    deployServerMode: row.deploy_server_mode,
    maxParallelServers: row.max_parallel_servers,
    buildTimeout: row.build_timeout,
    transferTimeout: row.transfer_timeout,
    afterDeployTimeout: row.after_deploy_timeout,
  };
}

/** The deploy's run context: its project, targets, log and live progress. */
async function openRun(deps: PipelineDeps, job: Job, signal: AbortSignal) {
  const payload = job.payload as DeployPayload;
  const row = await deps.projects.findLive(payload.projectId, job.namespaceId);
  if (!row) throw new Error('the project was removed');
  const { servers, secrets } = await deps.servers.forDeploy(payload.serverIds);
  const repoSecret = deps.projects.gitRemote(row).secret;
  const log = createDeployLog({
    file: deployLogFile(deps.sharedDir, job.token),
    secrets: repoSecret ? [repoSecret, ...secrets] : secrets,
    publish: (l) =>
      deps.hub.publishTopic(
        row.namespace_id,
        job.token,
        { type: HubType.deployLog, message: { projectId: row.id, token: job.token, ...l } },
        { projectId: row.id },
      ),
  });
  const run = new DeployRun({
    token: job.token,
    project: projectOf(row),
    script: payload.script,
    publisher: payload.publisher,
    source: deps.copies.dirOf(row.id),
    signal,
    log,
    access: deps.access,
    traces: deps.traces,
    releases: deps.releases,
    manifests: deps.manifests,
    clock: deps.clock,
    hub: deps.hub,
    live: deps.live,
    boundUserIds: await deps.states.boundUserIds(row.id),
  });
  for (const s of servers) run.servers.set(s.id, { serverName: s.name, state: 'waiting' });
  run.serverCount = servers.length;
  run.vars = {
    ...projectVariables({
      id: row.id,
      name: row.name,
      path: row.path,
      symlinkPath: row.symlink_path,
      branch: row.branch,
      environment: row.environment,
      label: row.label,
      repoType: row.repo_type,
      url: row.url,
      repositoryPath: run.source,
      token: job.token,
    }),
    ...customVariables(payload.script.customVariables, payload.customVariables),
  };
  return { payload, row, servers, run, log };
}

/** Runs one deploy job from the first stage to the last. */
export async function runDeploy(deps: PipelineDeps, job: Job, signal: AbortSignal): Promise<void> {
  const { payload, row, servers, run, log } = await openRun(deps, job, signal);
  let commit: CommitInfo | undefined;
  const notify = (succeeded: boolean, detail: string) =>
    notifyOutcome(deps, { row, payload, token: job.token, servers, commit, succeeded, detail });
  try {
    await deps.states.set(row.id, DeployState.deploying);
    commit = await pullStage(deps, run, row, payload);
    // Commit variables and the target list reach the console-side scripts only (reference §5.4).
    const localVars = {
      ...run.vars,
      ...commitVariables(commit),
      ...projectServersVariable(servers),
    };
    const building = !payload.rollback || payload.rollback.relink.length < servers.length;
    if (building) await localStage(run, 'afterPull', localVars);
    await serversStage(run, servers, payload);
    if (run.failures.length > 0) throw new StageFailed(run.failures.join('\n'));
    await localStage(run, 'deployFinish', localVars);
    await run.trace({
      type: TraceType.publishFinish,
      state: TraceState.succeeded,
      ext: {},
      detail: '',
    });
    run.stage = 'finish';
    run.stageSince = deps.clock.now();
    await deps.states.finished(row.id, job.id, 'succeeded');
    run.progress(DeployState.success, 'Success', 'succeeded', { ...commit });
    await notify(true, '');
  } catch (e) {
    const cancelled = signal.aborted;
    const error = e instanceof Error ? e.message : String(e);
    const message = cancelled ? `cancelled${reasonOf(signal)}` : error;
    // A failed stage wrote its own row; anything else (a cancel, a fault) ends with one here.
    if (!(e instanceof StageFailed) || cancelled) {
      await run.trace({
        type: TraceType.publishFinish,
        state: TraceState.failed,
        ext: {},
        detail: message,
      });
    }
    log.stage(run.stage).note(message);
    await deps.states.finished(row.id, job.id, cancelled ? 'cancelled' : 'failed');
    run.progress(DeployState.fail, message, cancelled ? 'cancelled' : 'failed');
    await notify(false, message);
    throw e instanceof Error ? e : new Error(message);
  } finally {
    await deps.live.end(job.token);
    await log.close();
  }
}

/** Tells the project's channel how a deploy ended (the notification feature never throws). */
export function notifyOutcome(
  deps: Pick<PipelineDeps, 'notifications' | 'projects' | 'clock'>,
  o: {
    row: ProjectRecord;
    payload: DeployPayload;
    token: string;
    servers: ServerFacts[];
    commit: CommitInfo | undefined;
    succeeded: boolean;
    detail: string;
  },
): Promise<void> {
  return deps.notifications.notify(
    deployNotice({
      project: o.row,
      channel: deps.projects.notifyChannel(o.row),
      token: o.token,
      publisher: o.payload.publisher,
      succeeded: o.succeeded,
      detail: o.detail,
      commit: o.commit,
      servers: o.servers,
      time: deps.clock.now(),
      trigger: o.payload.trigger ?? (o.payload.rollback ? 'rollback' : 'publish'),
    }),
  );
}

function reasonOf(signal: AbortSignal): string {
  const r: unknown = signal.reason;
  return r instanceof Error && r.message.startsWith('cancelled by') ? r.message.slice(9) : '';
}

/** Repository follow: fetch and check out, or (a pure re-link) the rolled-back commit's info. */
async function pullStage(
  deps: PipelineDeps,
  run: DeployRun,
  row: ProjectRecord,
  payload: DeployPayload,
): Promise<CommitInfo | undefined> {
  run.enter('pull');
  const out = run.log.stage('pull');
  const rollback = payload.rollback;
  if (rollback && rollback.relink.length === payload.serverIds.length) {
    out.note(`re-linking release ${rollback.release} (commit ${rollback.commit.commit})`);
    await run.trace({
      type: TraceType.pull,
      state: TraceState.succeeded,
      ext: rollback.commit,
      detail: out.text(),
    });
    return rollback.commit;
  }
  try {
    const commit = await deps.copies.withLock(row.id, async () => {
      const dir = deps.copies.dirOf(row.id);
      if (row.repo_type === 'empty') {
        await fs.promises.rm(dir, { recursive: true, force: true });
        await fs.promises.mkdir(dir, { recursive: true });
        out.note('empty repository: scripts make the artifact');
        await projectFilesInto(deps, row.id, dir, out);
        return undefined;
      }
      const o = { signal: run.signal, timeoutMs: seconds(row.build_timeout) };
      const checkedOut = await checkoutSource(deps, row, payload, dir, out, o);
      out.note(`${checkedOut.commit} ${checkedOut.author}: ${checkedOut.message}`);
      await projectFilesInto(deps, row.id, dir, out);
      return payload.branch ? { ...checkedOut, branch: payload.branch } : checkedOut;
    });
    const ext = commit ?? {
      branch: '',
      commit: '',
      author: '',
      timestamp: 0,
      message: '',
      tag: '',
      diff: '',
    };
    await run.trace({ type: TraceType.pull, state: TraceState.succeeded, ext, detail: out.text() });
    return commit;
  } catch (e) {
    out.note(e instanceof Error ? e.message : String(e));
    await run.trace({
      type: TraceType.pull,
      state: TraceState.failed,
      ext: {},
      detail: out.text(),
    });
    throw new StageFailed(`repository: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The project's files over the working copy; the trace names them, never their content. */
async function projectFilesInto(
  deps: PipelineDeps,
  projectId: number,
  dir: string,
  out: { note(line: string): void },
) {
  const written = await writeProjectFiles(dir, await deps.projectFiles.forDeploy(projectId));
  if (written.length > 0) out.note(`project files: ${written.join(', ')}`);
}

/** after pull / deploy finish: a script on the console host, in the working copy. */
async function localStage(
  run: DeployRun,
  stage: 'afterPull' | 'deployFinish',
  vars: Record<string, string>,
) {
  const script = run.script[stage];
  if (script.content.trim() === '') return;
  run.enter(stage);
  const out = run.log.stage(stage);
  const content = substitute(script.content, vars);
  const r = await runLocalScript({
    mode: script.mode,
    content,
    cwd: run.source,
    vars,
    timeoutMs: seconds(run.project.buildTimeout),
    signal: run.signal,
    out,
  });
  if (!r.ok) out.note(r.error);
  const type = stage === 'afterPull' ? TraceType.afterPull : TraceType.deployFinish;
  await run.trace({ type, state: r.ok ? 1 : 0, ext: { script: content }, detail: out.text() });
  if (!r.ok)
    throw new StageFailed(`${stage === 'afterPull' ? 'after pull' : 'deploy finish'}: ${r.error}`);
}

/** Transfer and after deploy on every target: one after the other, or a capped number at once. */
async function serversStage(run: DeployRun, servers: ServerFacts[], payload: DeployPayload) {
  run.enter('transfer');
  const relink = new Set(payload.rollback?.relink ?? []);
  const jobs: ServerJob[] = servers.map((server, i) => ({
    server,
    serial: run.project.deployServerMode === 'serial' ? i + 1 : 0,
    release: relink.has(server.id) ? (payload.rollback?.release ?? run.token) : run.token,
    relinkOnly: relink.has(server.id),
  }));
  const width =
    run.project.deployServerMode === 'serial' ? 1 : Math.max(1, run.project.maxParallelServers);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as ServerJob;
      // One failed server never stops the others; a cancel stops all that have not started.
      if (run.signal.aborted) {
        run.setServerState(job.server.id, 'skipped');
        continue;
      }
      await deployToServer(run, job);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
  if (run.signal.aborted) throw new StageFailed('cancelled');
}
