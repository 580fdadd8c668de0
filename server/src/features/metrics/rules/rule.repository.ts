import type { RuleFormula } from '@ferry/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { ServerWarningRuleTable } from '../../../db/schema.js';
import { createDueClaims } from '../../../infra/jobs/lease.js';

export type RuleRecord = Selectable<ServerWarningRuleTable>;
export type RuleSettings = Updateable<ServerWarningRuleTable>;

/** Server warning rules, their evaluation state and claim, and the windows' aggregates. */
export function createRuleRepository(db: Db) {
  return {
    async insert(row: Insertable<ServerWarningRuleTable>): Promise<number> {
      const r = await db
        .insertInto('server_warning_rule')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    byId: (id: number) =>
      db.selectFrom('server_warning_rule').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A namespace's rules on one server, newest first (goploy's order). */
    list: (namespaceId: number, serverId: number) =>
      db
        .selectFrom('server_warning_rule')
        .selectAll()
        .where('server_id', '=', serverId)
        .where('namespace_id', '=', namespaceId)
        .orderBy('id', 'desc')
        .execute(),

    async update(id: number, set: RuleSettings): Promise<void> {
      await db.updateTable('server_warning_rule').set(set).where('id', '=', id).execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('server_warning_rule').where('id', '=', id).execute();
    },

    /** Rules whose window ended by `until` and that no console is evaluating, whole. */
    due: (until: number, now: number, limit: number) =>
      db
        .selectFrom('server_warning_rule')
        .selectAll()
        .where('next_eval', '<=', until)
        .where('lease_until', '<=', now)
        .orderBy('next_eval')
        .limit(limit)
        .execute(),

    ...createDueClaims(db, 'server_warning_rule', { key: 'id', due: 'next_eval' }),

    /**
     * Writes the evaluation's state and gives the lease up, if this console still holds it (an
     * edit meanwhile took it away: its fresh state stays).
     */
    async settle(id: number, owner: string, set: RuleSettings): Promise<boolean> {
      const r = await db
        .updateTable('server_warning_rule')
        .set({ ...set, lease_owner: '', lease_until: 0 })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * The formula over a server's samples of `item` from `from` (included) to `to` (excluded):
     * one range scan of the primary key. Null when no sample fell in the window.
     */
    async aggregate(
      serverId: number,
      item: string,
      formula: RuleFormula,
      from: number,
      to: number,
    ): Promise<number | null> {
      const r = await db
        .selectFrom('server_metric')
        .select((e) => {
          if (formula === 'max') return e.fn.max<number | null>('value').as('v');
          if (formula === 'min') return e.fn.min<number | null>('value').as('v');
          return e.fn.avg<number | null>('value').as('v');
        })
        .where('server_id', '=', serverId)
        .where('item', '=', item)
        .where('time', '>=', from)
        .where('time', '<', to)
        .executeTakeFirst();
      return r?.v === null || r?.v === undefined ? null : Number(r.v);
    },
  };
}

export type RuleRepository = ReturnType<typeof createRuleRepository>;
