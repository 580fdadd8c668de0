import type { Db } from '../../db/database.js';
import {
  manifestFromJson,
  manifestToJson,
  type Manifest,
} from '../../infra/transfer/sftp-manifest.js';

interface At {
  projectId: number;
  serverId: number;
}

/** What the last sftp transfer of a project left on each server, one manifest per server. */
export function createTransferManifestRepository(db: Db) {
  const row = (at: At) =>
    db
      .selectFrom('transfer_manifest')
      .select(['dest', 'entries'])
      .where('project_id', '=', at.projectId)
      .where('server_id', '=', at.serverId)
      .executeTakeFirst();

  return {
    /** The manifest of `dest`, if the last transfer to that server went there and finished. */
    async of(at: At & { dest: string }): Promise<Manifest | undefined> {
      const found = await row(at);
      return found?.dest === at.dest ? manifestFromJson(found.entries) : undefined;
    },

    /** Before a transfer: from now until it is kept again, the server's state is unknown. */
    async forget(at: At): Promise<void> {
      await db
        .deleteFrom('transfer_manifest')
        .where('project_id', '=', at.projectId)
        .where('server_id', '=', at.serverId)
        .execute();
    },

    /** After a finished transfer to `dest`. */
    async keep(at: At & { dest: string; manifest: Manifest; now: number }): Promise<void> {
      const values = { dest: at.dest, entries: manifestToJson(at.manifest), update_time: at.now };
      await db
        .insertInto('transfer_manifest')
        .values({ project_id: at.projectId, server_id: at.serverId, ...values })
        .onConflict((oc) => oc.columns(['project_id', 'server_id']).doUpdateSet(values))
        .execute();
    },
  };
}

export type TransferManifestRepository = ReturnType<typeof createTransferManifestRepository>;
