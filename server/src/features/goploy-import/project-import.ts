import { DeployState, parseRepoUrl, projectRoutes } from '@ferry/contract';
import { projectColumnsOf } from '../project/project.api.js';
import type { GoployProject, GoployProjectServer, GoployProjectUser } from './goploy-rows.js';
import { eachNewRow, firstProblem, keptId, type ImportContext } from './import-context.js';

const projectForm = projectRoutes.add.input;

/**
 * How the project reaches its repository. goploy kept a git or svn password inside the address
 * (`https://user:token@host/…`); Ferry keeps it apart, sealed, as the project's token. goploy
 * cloned ssh addresses with its host's own key: Ferry's counterpart is the console's key. FTP and
 * SFTP addresses are taken apart by the form.
 */
function credentialsApart(repoType: string, url: string) {
  if (repoType !== 'git' && repoType !== 'svn') return { url };
  const kind = parseRepoUrl(url, repoType);
  if (!('problem' in kind) && kind.kind === 'ssh') return { url, repoAuthType: 'consoleKey' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url };
  }
  if (!parsed.password) return { url };
  const repoUsername = decodeURIComponent(parsed.username);
  const repoToken = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return { url: parsed.toString(), repoAuthType: 'token', repoUsername, repoToken };
}

/** goploy's script column: JSON text (MariaDB) or an object (MySQL's JSON type). */
function scriptOf(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? undefined;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** goploy's deploy state, with "deploying" (a goploy that stopped mid-deploy) read as failed. */
const deployStateOf = (s: number) =>
  s === 2 ? DeployState.success : s === 1 || s === 3 ? DeployState.fail : DeployState.notDeployed;

/**
 * A goploy project with the rules of `/project/add`, its repository password and notification
 * address sealed, goploy's id kept where free (webhook addresses name it). Its webhook stays
 * unsigned, as goploy's was, so the providers' hooks keep working; a removed project (state 0)
 * comes in removed, so its history still reads.
 */
export async function importProjects(ctx: ImportContext, rows: GoployProject[]) {
  await eachNewRow(ctx, 'project', rows, async (p) => {
    const namespaceId = ctx.map.target('namespace', p.namespace_id);
    if (namespaceId === undefined) {
      return void ctx.report.drop(
        'project',
        p.id,
        `is in namespace ${p.namespace_id}, which was not imported`,
      );
    }
    const form = projectForm.safeParse({
      name: p.name,
      repoType: p.repo_type || 'git',
      ...credentialsApart(p.repo_type, p.url),
      label: p.label,
      path: p.path,
      environment: p.environment,
      branch: p.branch,
      symlinkPath: p.symlink_path,
      ...(p.symlink_backup_number > 0 ? { symlinkBackupNumber: p.symlink_backup_number } : {}),
      review: p.review === 1 ? 1 : 0,
      reviewURL: p.review_url,
      script: scriptOf(p.script),
      transferType: p.transfer_type || 'rsync',
      transferOption: p.transfer_option,
      deployServerMode: p.deploy_server_mode || 'parallel',
      notifyType: p.notify_type,
      notifyTarget: p.notify_target,
    });
    if (!form.success) return void ctx.report.refuse('project', p.id, firstProblem(form.error));
    const made = projectColumnsOf(form.data, ctx);
    if ('refused' in made) return void ctx.report.refuse('project', p.id, made.refused);
    if (made.keyFileProblem) {
      ctx.report.note(
        'project',
        p.id,
        `${made.keyFileProblem}: its source cannot be read until this is fixed`,
      );
    }
    if (made.columns.repo_auth_type === 'consoleKey') {
      ctx.report.note(
        'project',
        p.id,
        "clones over ssh with the console's key (goploy used its host's): add the console's public key to the repository",
      );
    }
    if (made.columns.repo_token) ctx.report.secret('project', p.id, 'repository password');
    if (made.columns.notify_target) ctx.report.secret('project', p.id, 'notify_target');
    const id = await keptId(ctx, 'project', p.id);
    const row = await ctx.tx
      .insertInto('project')
      .values({
        ...(id ? { id } : {}),
        namespace_id: namespaceId,
        ...made.columns,
        webhook_secret: '',
        state: p.state === 0 ? 0 : 1,
        auto_deploy: p.auto_deploy === 1 ? 1 : 0,
        deploy_state: deployStateOf(p.deploy_state),
        publisher_id: ctx.map.target('user', p.publisher_id) ?? 0,
        publisher_name: p.publisher_name.slice(0, 255),
        last_publish_token: p.last_publish_token,
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (row.id !== p.id) {
      ctx.report.note(
        'project',
        p.id,
        `is project ${row.id} in Ferry: its webhook address changes`,
      );
    }
    return { id: row.id };
  });
}

/** Which servers a project deploys to; a server of another namespace is refused as on the form. */
export async function importProjectServers(ctx: ImportContext, rows: GoployProjectServer[]) {
  await eachNewRow(ctx, 'project_server', rows, async (b) => {
    const projectId = ctx.map.target('project', b.project_id);
    const serverId = ctx.map.target('server', b.server_id);
    if (projectId === undefined || serverId === undefined) {
      const missing = projectId === undefined ? `project ${b.project_id}` : `server ${b.server_id}`;
      return void ctx.report.drop(
        'project_server',
        b.id,
        `names ${missing}, which was not imported`,
      );
    }
    const [project, server] = await Promise.all([
      ctx.tx
        .selectFrom('project')
        .select('namespace_id')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow(),
      ctx.tx
        .selectFrom('server')
        .select('namespace_id')
        .where('id', '=', serverId)
        .executeTakeFirstOrThrow(),
    ]);
    if (server.namespace_id !== 0 && server.namespace_id !== project.namespace_id) {
      return void ctx.report.refuse(
        'project_server',
        b.id,
        `binds project ${b.project_id} to server ${b.server_id} of another namespace`,
      );
    }
    const row = await ctx.tx
      .insertInto('project_server')
      .values({
        project_id: projectId,
        server_id: serverId,
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/** Who is bound to a project; goploy binds only members of the project's namespace. */
export async function importProjectUsers(ctx: ImportContext, rows: GoployProjectUser[]) {
  await eachNewRow(ctx, 'project_user', rows, async (b) => {
    const projectId = ctx.map.target('project', b.project_id);
    const userId = ctx.map.target('user', b.user_id);
    if (projectId === undefined || userId === undefined) {
      const missing = projectId === undefined ? `project ${b.project_id}` : `user ${b.user_id}`;
      return void ctx.report.drop('project_user', b.id, `names ${missing}, which was not imported`);
    }
    const row = await ctx.tx
      .insertInto('project_user')
      .values({
        project_id: projectId,
        user_id: userId,
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}
