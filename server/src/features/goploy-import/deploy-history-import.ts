import { deployRoutes, TraceState, TraceType } from '@ferry/contract';
import { finishedDeployJob, linkedRelease, secretMask } from '../deploy/deploy.api.js';
import type { GoployProject, GoployPublishTrace, GoployServer } from './goploy-rows.js';
import { eachNewRow, goployTime, type ImportContext } from './import-context.js';

const traceToken = deployRoutes.getPublishTrace.input;

/** One goploy deploy: its trace rows, how it ended, and when. */
interface GoployDeploy {
  rows: GoployPublishTrace[];
  succeeded: boolean;
  start: number;
  end: number;
}

function objectOf(json: string): Record<string, unknown> {
  try {
    const v = JSON.parse(json) as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The passwords goploy knew that a deploy's output could hold: servers' (sshpass) and those
 * inside repository addresses (git prints the address it could not reach).
 */
export function goploySecrets(servers: GoployServer[], projects: GoployProject[]): string[] {
  const inUrls = projects.flatMap((p) => {
    try {
      const password = decodeURIComponent(new URL(p.url).password);
      return password ? [password] : [];
    } catch {
      return [];
    }
  });
  return [...servers.flatMap((s) => [s.password, s.jump_password]), ...inUrls].filter(Boolean);
}

/** goploy's deploys by token: succeeded when its finish row did and no row failed. */
function deploysOf(rows: GoployPublishTrace[], now: number): Map<string, GoployDeploy> {
  const deploys = new Map<string, GoployDeploy>();
  for (const r of rows) {
    const at = goployTime(r.insert_time) ?? now;
    const d = deploys.get(r.token) ?? { rows: [], succeeded: false, start: at, end: at };
    d.rows.push(r);
    d.start = Math.min(d.start, at);
    d.end = Math.max(d.end, goployTime(r.update_time) ?? at);
    deploys.set(r.token, d);
  }
  for (const d of deploys.values()) {
    d.succeeded =
      d.rows.some((r) => r.type === TraceType.publishFinish && r.state === TraceState.succeeded) &&
      d.rows.every((r) => r.state !== TraceState.failed);
  }
  return deploys;
}

/**
 * The releases goploy keeps: after each success it removes all but the newest
 * `symlink_backup_number` entries of the symlink path (by modification time, which a goploy
 * rollback refreshes: this reads them by deploy time).
 */
function keptReleases(deploys: Map<string, GoployDeploy>, projects: GoployProject[]) {
  const kept = new Set<string>();
  for (const p of projects) {
    if (!p.symlink_path) continue;
    const mine = [...deploys.entries()]
      .filter(([, d]) => d.succeeded && d.rows[0]!.project_id === p.id)
      .sort(([, a], [, b]) => b.end - a.end);
    for (const [token] of mine.slice(0, Math.max(p.symlink_backup_number, 1))) kept.add(token);
  }
  return kept;
}

/**
 * goploy's deploy history, row by row as goploy wrote it (its masked commands stay masked; a
 * password goploy printed in clear is masked as the deploy log masks one). Each deploy gets the
 * finished job the history and rollback read, and each successful symlink deploy its releases,
 * present where goploy still keeps them.
 */
export async function importPublishTraces(
  ctx: ImportContext,
  rows: GoployPublishTrace[],
  goploy: { projects: GoployProject[]; secrets: string[] },
) {
  const mask = secretMask(goploy.secrets);
  const deploys = deploysOf(rows, ctx.now);
  const kept = keptReleases(deploys, goploy.projects);
  await eachNewRow(ctx, 'publish_trace', rows, async (r) => {
    const projectId = ctx.map.target('project', r.project_id);
    if (projectId === undefined) {
      return void ctx.report.drop(
        'publish_trace',
        r.id,
        `is of project ${r.project_id}, which was not imported`,
      );
    }
    const form = traceToken.safeParse({ lastPublishToken: r.token });
    if (!form.success) {
      return void ctx.report.refuse(
        'publish_trace',
        r.id,
        `token ${form.error.issues[0]!.message}`,
      );
    }
    const project = await ctx.tx
      .selectFrom('project')
      .select(['namespace_id', 'symlink_path'])
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    const deploy = deploys.get(r.token)!;
    const onServer = r.type === TraceType.transfer || r.type === TraceType.afterDeploy;
    const goployServer = Number(objectOf(r.ext).serverId) || 0;
    const serverId = onServer ? (ctx.map.target('server', goployServer) ?? 0) : 0;
    const detail = mask(r.detail);
    const ext = mask(r.ext);
    if (detail !== r.detail || ext !== r.ext) {
      ctx.report.note(
        'publish_trace',
        r.id,
        'held a password in clear: masked as the deploy log masks one',
      );
    }
    const at = goployTime(r.insert_time) ?? ctx.now;
    const publisher = {
      id: ctx.map.target('user', r.publisher_id) ?? 0,
      name: r.publisher_name.slice(0, 255),
    };
    const row = await ctx.tx
      .insertInto('publish_trace')
      .values({
        token: r.token,
        namespace_id: project.namespace_id,
        project_id: projectId,
        project_name: r.project_name.slice(0, 255),
        detail,
        state: r.state === TraceState.failed ? TraceState.failed : TraceState.succeeded,
        publisher_id: publisher.id,
        publisher_name: publisher.name,
        type: r.type,
        server_id: serverId,
        ext,
        insert_time: at,
        update_time: goployTime(r.update_time) ?? at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (r.type === TraceType.queue) {
      const pull = objectOf(deploy.rows.find((t) => t.type === TraceType.pull)?.ext ?? '');
      const servers = deploy.rows
        .filter((t) => t.type === TraceType.transfer)
        .map((t) => ctx.map.target('server', Number(objectOf(t.ext).serverId)))
        .filter((id): id is number => id !== undefined);
      await ctx.tx
        .insertInto('job')
        .values(
          finishedDeployJob({
            projectId,
            namespaceId: project.namespace_id,
            token: r.token,
            publisher,
            commit:
              typeof pull.commit === 'string'
                ? {
                    commit: pull.commit,
                    branch: typeof pull.branch === 'string' ? pull.branch : '',
                  }
                : undefined,
            serverIds: [...new Set(servers)],
            script: r.ext,
            succeeded: deploy.succeeded,
            start: deploy.start,
            end: deploy.end,
          }),
        )
        .execute();
    }
    const linked =
      r.type === TraceType.transfer && deploy.succeeded && project.symlink_path && serverId;
    if (linked) {
      await ctx.tx
        .insertInto('project_release')
        .values(
          linkedRelease(
            { projectId, serverId, token: r.token, linkedAt: deploy.end },
            kept.has(r.token),
          ),
        )
        .execute();
    }
    return { id: row.id };
  });
}
