import type { Db } from '../../../db/database.js';

/** A server's agent as its collection row records it. */
export interface AgentRow {
  serverId: number;
  agentState: string;
  /** Sealed; '' when none. */
  sealedKey: string;
  path: string;
  /** The server's collection interval, in seconds. */
  intervalS: number;
}

/** The push agent's part of `server_metric_source`, and the signatures already accepted. */
export function createAgentRepository(db: Db) {
  /** Creates the server's row with the defaults unless it has one. */
  const ensure = (serverId: number, now: number) =>
    db
      .insertInto('server_metric_source')
      .values({ server_id: serverId, update_time: now })
      .onConflict((oc) => oc.column('server_id').doNothing())
      .execute();

  return {
    async agents(serverIds: readonly number[]): Promise<Map<number, AgentRow>> {
      if (serverIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('server_metric_source')
        .select(['server_id', 'agent_state', 'agent_key', 'agent_path', 'interval_s'])
        .where('server_id', 'in', [...serverIds])
        .execute();
      return new Map(
        rows.map((r) => [
          r.server_id,
          {
            serverId: r.server_id,
            agentState: r.agent_state,
            sealedKey: r.agent_key,
            path: r.agent_path,
            intervalS: r.interval_s,
          },
        ]),
      );
    },

    /**
     * The sealed key of an enabled server's agent; undefined for a server that has none (or is
     * disabled or removed).
     */
    async sealedKey(serverId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('server_metric_source as m')
        .innerJoin('server as s', 's.id', 'm.server_id')
        .select('m.agent_key')
        .where('m.server_id', '=', serverId)
        .where('s.state', '=', 1)
        .where('m.agent_key', '!=', '')
        .executeTakeFirst();
      return row?.agent_key;
    },

    /** An install began: the new key is the one reports must now be signed with. */
    async installing(serverId: number, sealedKey: string, path: string, now: number) {
      await ensure(serverId, now);
      await db
        .updateTable('server_metric_source')
        .set({
          agent_state: 'installing',
          agent_key: sealedKey,
          agent_path: path,
          agent_error: '',
          update_time: now,
        })
        .where('server_id', '=', serverId)
        .execute();
    },

    /** The install succeeded: the server reports itself every `intervalS`. */
    async installed(serverId: number, intervalS: number, now: number) {
      await db
        .updateTable('server_metric_source')
        .set({
          mode: 'push',
          interval_s: intervalS,
          agent_state: 'installed',
          agent_error: '',
          agent_time: now,
          update_time: now,
        })
        .where('server_id', '=', serverId)
        .execute();
    },

    /** Puts back the agent a server had before an install that did not start. */
    async restore(row: AgentRow, now: number) {
      await db
        .updateTable('server_metric_source')
        .set({
          agent_state: row.agentState,
          agent_key: row.sealedKey,
          agent_path: row.path,
          update_time: now,
        })
        .where('server_id', '=', row.serverId)
        .execute();
    },

    /** An install or uninstall failed, with why. */
    async failed(serverId: number, error: string, now: number) {
      await ensure(serverId, now);
      await db
        .updateTable('server_metric_source')
        .set({ agent_state: 'failed', agent_error: error.slice(0, 2000), update_time: now })
        .where('server_id', '=', serverId)
        .execute();
    },

    /** The agent is gone: the console collects the server again, and its key signs nothing. */
    async removed(serverId: number, now: number) {
      await ensure(serverId, now);
      await db
        .updateTable('server_metric_source')
        .set({
          mode: 'pull',
          next_collect: 0,
          agent_state: 'none',
          agent_key: '',
          agent_path: '',
          agent_error: '',
          agent_time: now,
          update_time: now,
        })
        .where('server_id', '=', serverId)
        .execute();
    },

    /**
     * SECURITY: records an accepted signature until it expires, in one conditional insert: true
     * the first time, false when any console recorded it before (a replay).
     */
    async firstSight(serverId: number, sign: string, expires: number): Promise<boolean> {
      const r = await db
        .insertInto('agent_report_seen')
        .values({ server_id: serverId, sign, expires })
        .onConflict((oc) => oc.columns(['server_id', 'sign']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type AgentRepository = ReturnType<typeof createAgentRepository>;
