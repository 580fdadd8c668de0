import type { Selectable } from 'kysely';
import { NGINX_VERSIONS_KEPT, type NginxVersionAction } from '@ferry/contract';
import type { Db } from '../../db/database.js';
import type { NginxConfigVersionTable, ServerNginxTable } from '../../db/schema.js';

export type NginxSettingRecord = Selectable<ServerNginxTable>;
export type NginxVersionRecord = Selectable<NginxConfigVersionTable>;

/** A version to store: what a file held after (or, for `original` and `delete`, before) a change. */
export interface NewVersion {
  serverId: number;
  path: string;
  content: string;
  action: NginxVersionAction;
  creatorId: number;
  creator: string;
  time: number;
}

/** `server_nginx` (the typed binary of a server) and `nginx_config_version` (file history). */
export function createNginxRepository(db: Db) {
  return {
    setting: (serverId: number): Promise<NginxSettingRecord | undefined> =>
      db
        .selectFrom('server_nginx')
        .selectAll()
        .where('server_id', '=', serverId)
        .executeTakeFirst(),

    async saveSetting(row: NginxSettingRecord): Promise<void> {
      const { server_id: _id, ...rest } = row;
      await db
        .insertInto('server_nginx')
        .values(row)
        .onConflict((oc) => oc.column('server_id').doUpdateSet(rest))
        .execute();
    },

    /** Whether the console ever stored a version of the file. */
    async hasVersions(serverId: number, path: string): Promise<boolean> {
      const row = await db
        .selectFrom('nginx_config_version')
        .select('id')
        .where('server_id', '=', serverId)
        .where('path', '=', path)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Stores a version and drops the file's versions beyond the last NGINX_VERSIONS_KEPT. */
    async addVersion(v: NewVersion): Promise<void> {
      await db
        .insertInto('nginx_config_version')
        .values({
          server_id: v.serverId,
          path: v.path,
          content: v.content,
          action: v.action,
          size: Buffer.byteLength(v.content, 'utf8'),
          creator_id: v.creatorId,
          creator: v.creator,
          insert_time: v.time,
        })
        .execute();
      const kept = await db
        .selectFrom('nginx_config_version')
        .select('id')
        .where('server_id', '=', v.serverId)
        .where('path', '=', v.path)
        .orderBy('id', 'desc')
        .offset(NGINX_VERSIONS_KEPT - 1)
        .limit(1)
        .executeTakeFirst();
      if (!kept) return;
      await db
        .deleteFrom('nginx_config_version')
        .where('server_id', '=', v.serverId)
        .where('path', '=', v.path)
        .where('id', '<', kept.id)
        .execute();
    },

    /** A file's versions, newest first, without their contents. */
    versions: (serverId: number, path: string) =>
      db
        .selectFrom('nginx_config_version')
        .select(['id', 'action', 'creator', 'insert_time', 'size'])
        .where('server_id', '=', serverId)
        .where('path', '=', path)
        .orderBy('id', 'desc')
        .execute(),

    version: (serverId: number, id: number): Promise<NginxVersionRecord | undefined> =>
      db
        .selectFrom('nginx_config_version')
        .selectAll()
        .where('server_id', '=', serverId)
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}

export type NginxRepository = ReturnType<typeof createNginxRepository>;
