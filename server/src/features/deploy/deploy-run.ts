import {
  type DeployProgressMessage,
  type DeployStage,
  DeployState,
  HubType,
  type JobStatus,
  Perm,
  type ProjectScript,
  type ServerDeployState,
  STAGE_MESSAGES,
  type TraceStateId,
  type TraceTypeId,
} from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import type { Hub, Audience } from '../../core/ws/hub.js';
import type { SourceWalks } from '../../infra/transfer/sftp-sync.js';
import type { ServerAccess } from '../server/server.api.js';
import type { LiveStages } from './deploy-live.js';
import type { DeployLog } from './deploy-log.js';
import type { ServerFacts, Variables } from './deploy-variables.js';
import type { ReleaseRepository } from './release.repository.js';
import type { TraceRepository } from './trace.repository.js';
import type { TransferManifestRepository } from './transfer-manifest.repository.js';

/** The project settings a deploy runs with (read when it starts). */
export interface DeployProject {
  id: number;
  namespaceId: number;
  name: string;
  path: string;
  symlinkPath: string;
  symlinkBackupNumber: number;
  /** git, svn or empty: what the working copy holds besides the files (`.git`, `.svn`). */
  repoType: string;
  transferType: string;
  transferOption: string;
  deployServerMode: string;
  maxParallelServers: number;
  buildTimeout: number;
  transferTimeout: number;
  afterDeployTimeout: number;
}

/** One row of the trace, as a stage reports it. */
export interface TraceEntry {
  type: TraceTypeId;
  state: TraceStateId;
  ext: unknown;
  detail: string;
  serverId?: number;
}

/**
 * Everything one running deploy shares between its stages: the project, the variables, the log,
 * the trace writer and the live progress frames.
 */
export class DeployRun {
  readonly servers = new Map<number, { serverName: string; state: ServerDeployState }>();
  readonly failures: string[] = [];
  /** sftp's walks of the working copy, shared by the deploy's servers. */
  readonly sourceWalks: SourceWalks = new Map();
  stage: DeployStage = 'queue';
  /** When the current stage began (epoch ms); 0 before the first. */
  stageSince = 0;
  vars: Variables = {};
  serverCount = 0;

  constructor(
    readonly deps: {
      token: string;
      project: DeployProject;
      script: ProjectScript;
      publisher: { id: number; name: string };
      source: string;
      signal: AbortSignal;
      log: DeployLog;
      access: ServerAccess;
      traces: TraceRepository;
      releases: ReleaseRepository;
      manifests: TransferManifestRepository;
      clock: Clock;
      hub: Hub;
      live: LiveStages;
      /** Users bound to the project (they see its frames without GetAllDeployList). */
      boundUserIds: ReadonlySet<number>;
    },
  ) {}

  get token() {
    return this.deps.token;
  }
  get project() {
    return this.deps.project;
  }
  get script() {
    return this.deps.script;
  }
  get source() {
    return this.deps.source;
  }
  get signal() {
    return this.deps.signal;
  }
  get log() {
    return this.deps.log;
  }
  get access() {
    return this.deps.access;
  }
  get releases() {
    return this.deps.releases;
  }
  get manifests() {
    return this.deps.manifests;
  }
  get clock() {
    return this.deps.clock;
  }

  async trace(e: TraceEntry): Promise<void> {
    const { project, publisher, token, clock } = this.deps;
    const now = clock.now();
    await this.deps.traces.insert({
      token,
      namespace_id: project.namespaceId,
      project_id: project.id,
      project_name: project.name,
      detail: e.detail,
      state: e.state,
      publisher_id: publisher.id,
      publisher_name: publisher.name,
      type: e.type,
      server_id: e.serverId ?? 0,
      ext: typeof e.ext === 'string' ? e.ext : JSON.stringify(e.ext),
      insert_time: now,
      update_time: now,
    });
  }

  enter(stage: DeployStage): void {
    this.stage = stage;
    this.stageSince = this.deps.clock.now();
    this.deps.live.enter(this.token, stage, this.stageSince);
    this.progress(DeployState.deploying, STAGE_MESSAGES[stage], 'running');
  }

  setServerState(serverId: number, state: ServerDeployState): void {
    const s = this.servers.get(serverId);
    if (!s) return;
    s.state = state;
    this.progress(DeployState.deploying, STAGE_MESSAGES[this.stage], 'running');
  }

  failServer(server: ServerFacts, message: string): void {
    this.failures.push(`${server.name} error message: ${message}`);
  }

  /** A type-1 frame to everyone of the namespace who may see this project. */
  progress(state: number, message: string, status: JobStatus, ext: Record<string, unknown> = {}) {
    const { project, hub, boundUserIds, token } = this.deps;
    sendProgress(hub, project, boundUserIds, {
      state,
      message,
      ext,
      token,
      stage: this.stage,
      stageSince: this.stageSince,
      status,
      servers: [...this.servers].map(([serverId, s]) => ({ serverId, ...s })),
      ahead: 0,
    });
  }
}

/** A type-1 frame about `project` to everyone of its namespace who may see it. */
export function sendProgress(
  hub: Hub,
  project: { id: number; name: string; namespaceId: number },
  boundUserIds: ReadonlySet<number>,
  fields: Omit<DeployProgressMessage, 'projectId' | 'projectName'>,
): void {
  const message: DeployProgressMessage = {
    projectId: project.id,
    projectName: project.name,
    ...fields,
  };
  hub.publish(
    project.namespaceId,
    { type: HubType.deployProgress, message },
    deployAudience(project.id, boundUserIds),
  );
}

/**
 * SECURITY: the deploy page's visibility rule (reference §2.6 getList) for live frames about
 * project `projectId`.
 */
export function deployAudience(projectId: number, boundUserIds: ReadonlySet<number>): Audience {
  return {
    permissions: [Perm.GetAllDeployList, Perm.GetAllProjectList],
    userIds: [...boundUserIds],
    projectId,
  };
}
