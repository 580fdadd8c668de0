import { serverRoutes } from '@ferry/contract';
import { serverColumnsOf } from '../server/server.api.js';
import type { GoployServer } from './goploy-rows.js';
import { eachNewRow, firstProblem, keptId, type ImportContext } from './import-context.js';

const serverForm = serverRoutes.add.input;

/**
 * A goploy server, its passwords sealed. Its host key is learned at the first connection, as for
 * a server added by hand. A key file the console may not use (outside `FERRY_KEY_DIR`) is kept and
 * reported: the server's logins are refused until the key is moved there or another login set.
 * goploy's shared servers (namespace 0) stay shared.
 */
export async function importServers(ctx: ImportContext, rows: GoployServer[]) {
  await eachNewRow(ctx, 'server', rows, async (s) => {
    const namespaceId = s.namespace_id === 0 ? 0 : ctx.map.target('namespace', s.namespace_id);
    if (namespaceId === undefined) {
      return void ctx.report.drop(
        'server',
        s.id,
        `is in namespace ${s.namespace_id}, which was not imported`,
      );
    }
    // goploy's login: a key file when `path` is set (its password then the key's passphrase),
    // else the password; with neither, goploy could not log in, and Ferry uses its own key.
    const authType = s.path ? 'keyFile' : s.password ? 'password' : 'consoleKey';
    const jumpAuthType = s.jump_path ? 'keyFile' : s.jump_password ? 'password' : 'consoleKey';
    const form = serverForm.safeParse({
      name: s.name,
      namespaceId,
      os: s.os === 'windows' ? 'windows' : 'linux',
      description: s.description,
      ip: s.ip,
      port: s.port,
      owner: s.owner,
      authType,
      path: s.path,
      password: s.password,
      jumpIP: s.jump_ip,
      jumpPort: s.jump_ip ? s.jump_port || 22 : 0,
      jumpOwner: s.jump_owner,
      jumpAuthType,
      jumpPath: s.jump_path,
      jumpPassword: s.jump_password,
    });
    if (!form.success) return void ctx.report.refuse('server', s.id, firstProblem(form.error));
    const { columns, problems } = serverColumnsOf(form.data, ctx.box, ctx.keyFiles);
    for (const [field, rule] of problems) {
      ctx.report.note(
        'server',
        s.id,
        `${field} ${rule}: its logins are refused until this is fixed`,
      );
    }
    if (authType === 'consoleKey') {
      ctx.report.note(
        'server',
        s.id,
        "had no password or key file in goploy: it logs in with the console's key",
      );
    }
    if (s.password)
      ctx.report.secret(
        'server',
        s.id,
        authType === 'keyFile' ? 'password (key passphrase)' : 'password',
      );
    if (s.jump_ip && s.jump_password) ctx.report.secret('server', s.id, 'jump_password');
    const id = await keptId(ctx, 'server', s.id);
    const row = await ctx.tx
      .insertInto('server')
      .values({
        ...(id ? { id } : {}),
        namespace_id: namespaceId,
        name: form.data.name,
        os: form.data.os,
        description: form.data.description,
        ...columns,
        host_key: '',
        pending_host_key: '',
        jump_host_key: '',
        pending_jump_host_key: '',
        os_info: s.os_info.slice(0, 255),
        last_check_time: null,
        last_check_error: '',
        state: s.state === 1 ? 1 : 0,
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (row.id !== s.id) ctx.report.note('server', s.id, `is server ${row.id} in Ferry`);
    return { id: row.id };
  });
}
