import type { RunKind, RunServerState, RunState } from '@ferry/contract';
import type { Db } from '../../db/database.js';

export interface NewRun {
  namespaceId: number;
  userId: number;
  username: string;
  kind: RunKind;
  title: string;
  interpreter: string;
  script: string;
  timeoutS: number;
  now: number;
  servers: { id: number; name: string; ip: string }[];
  /** The project of a project process run. */
  projectId?: number | undefined;
  /** The saved process that ran and which of its commands, for a process run. */
  process?: RunProcess | undefined;
}

/**
 * A saved process and one of its commands: a server process group and a button's name, or a
 * project process and `status`, `start`, `stop` or `restart`.
 */
export interface RunProcess {
  id: number;
  item: string;
}

/** How one server's part ended. */
export interface ServerEnd {
  state: RunServerState;
  exitCode: number | null;
  error: string;
  output: string;
  outputBytes: number;
  durationMs: number;
}

export function createRemoteRunRepository(db: Db) {
  return {
    /** The run and its servers (all `queued`), in one transaction; resolves the run's id. */
    insert(run: NewRun): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('remote_run')
          .values({
            namespace_id: run.namespaceId,
            user_id: run.userId,
            username: run.username,
            kind: run.kind,
            title: run.title.slice(0, 255),
            interpreter: run.interpreter,
            script: run.script,
            timeout_s: run.timeoutS,
            state: 'running',
            insert_time: run.now,
            finish_time: 0,
            heartbeat_time: run.now,
            project_id: run.projectId ?? null,
            process_id: run.process?.id ?? null,
            process_item: run.process?.item.slice(0, 255) ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('remote_run_server')
          .values(
            run.servers.map((s) => ({
              run_id: id,
              server_id: s.id,
              server_name: s.name,
              server_ip: s.ip,
              state: 'queued',
              exit_code: null,
              error: '',
              output: '',
              output_bytes: 0,
              duration_ms: 0,
              stop_requested: 0,
            })),
          )
          .execute();
        return id;
      });
    },

    async serverStarted(runId: number, serverId: number): Promise<void> {
      await db
        .updateTable('remote_run_server')
        .set({ state: 'running' })
        .where('run_id', '=', runId)
        .where('server_id', '=', serverId)
        .execute();
    },

    async serverEnded(runId: number, serverId: number, end: ServerEnd): Promise<void> {
      await db
        .updateTable('remote_run_server')
        .set({
          state: end.state,
          exit_code: end.exitCode,
          error: end.error.slice(0, 1024),
          output: end.output,
          output_bytes: end.outputBytes,
          duration_ms: end.durationMs,
        })
        .where('run_id', '=', runId)
        .where('server_id', '=', serverId)
        .execute();
    },

    async runEnded(runId: number, state: RunState, now: number): Promise<void> {
      await db
        .updateTable('remote_run')
        .set({ state, finish_time: now })
        .where('id', '=', runId)
        .execute();
    },

    /** Renews the runs this console is running. */
    async heartbeat(runIds: number[], now: number): Promise<void> {
      if (runIds.length === 0) return;
      await db
        .updateTable('remote_run')
        .set({ heartbeat_time: now })
        .where('id', 'in', runIds)
        .execute();
    },

    /** Marks servers of a run to be stopped (all when `serverId` is undefined) that have not ended. */
    async requestStop(runId: number, serverId: number | undefined): Promise<void> {
      let q = db
        .updateTable('remote_run_server')
        .set({ stop_requested: 1 })
        .where('run_id', '=', runId)
        .where('state', 'in', ['queued', 'running']);
      if (serverId !== undefined) q = q.where('server_id', '=', serverId);
      await q.execute();
    },

    /** `[runId, serverId]` of the given runs that a user asked to stop. */
    async stopRequests(runIds: number[]): Promise<{ run_id: number; server_id: number }[]> {
      if (runIds.length === 0) return [];
      return db
        .selectFrom('remote_run_server')
        .select(['run_id', 'server_id'])
        .where('run_id', 'in', runIds)
        .where('stop_requested', '=', 1)
        .where('state', 'in', ['queued', 'running'])
        .execute();
    },

    find(namespaceId: number, id: number) {
      return db
        .selectFrom('remote_run')
        .selectAll()
        .where('id', '=', id)
        .where('namespace_id', '=', namespaceId)
        .executeTakeFirst();
    },

    list(namespaceId: number, kind: RunKind, page: number, rows: number) {
      return db
        .selectFrom('remote_run')
        .selectAll()
        .where('namespace_id', '=', namespaceId)
        .where('kind', '=', kind)
        .orderBy('id', 'desc')
        .limit(rows)
        .offset((page - 1) * rows)
        .execute();
    },

    total(namespaceId: number, kind: RunKind): Promise<number> {
      return db
        .selectFrom('remote_run')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('namespace_id', '=', namespaceId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    /** The servers of the given runs, without their output. */
    serversOf(runIds: number[]) {
      if (runIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('remote_run_server')
        .select(['run_id', 'server_id', 'server_name', 'state'])
        .where('run_id', 'in', runIds)
        .orderBy('id')
        .execute();
    },

    /** The servers of one run, with their output. */
    serverDetails(runId: number) {
      return db
        .selectFrom('remote_run_server')
        .selectAll()
        .where('run_id', '=', runId)
        .orderBy('id')
        .execute();
    },
  };
}

export type RemoteRunRepository = ReturnType<typeof createRemoteRunRepository>;
