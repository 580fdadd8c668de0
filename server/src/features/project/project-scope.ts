import { Perm } from '@ferry/contract';
import { notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ProjectRecord, ProjectRepository } from './project.repository.js';

/**
 * SECURITY: who sees which project. Only live projects of the caller's namespace exist for them;
 * another namespace's project answers code 1 without saying whether it exists. Within the
 * namespace, GetAllProjectList (45) sees every project, and so does GetAllDeployList (58) where a
 * deploy needs it; everyone else sees the projects they are bound to. A scoped API key limited to
 * some projects sees those alone.
 */
export function createProjectScope(projects: ProjectRepository) {
  const seesAllProjects = (ctx: RequestContext) => ctx.permissions.has(Perm.GetAllProjectList);
  const seesAllDeploys = (ctx: RequestContext) =>
    seesAllProjects(ctx) || ctx.permissions.has(Perm.GetAllDeployList);

  async function find(ctx: RequestContext, id: number, seesAll: boolean) {
    if (!keyAllows(ctx, id)) throw notFound('Project');
    const row = await projects.findLive(id, ctx.namespaceId);
    if (!row) throw notFound('Project');
    if (!seesAll && !(await projects.isBound(row.id, ctx.user.id))) throw notFound('Project');
    return row;
  }

  return {
    /** Of `rows`, those a scoped API key limited to some projects may reach (all otherwise). */
    keyFilter: <T extends { id: number }>(ctx: RequestContext, rows: T[]): T[] =>
      rows.filter((r) => keyAllows(ctx, r.id)),

    /** The user whose bindings limit the project page's lists, or undefined for all. */
    boundFilter: (ctx: RequestContext): number | undefined =>
      seesAllProjects(ctx) ? undefined : ctx.user.id,

    /** The user whose bindings limit the deploy page's list, or undefined for all. */
    deployFilter: (ctx: RequestContext): number | undefined =>
      seesAllDeploys(ctx) ? undefined : ctx.user.id,

    /** A project the caller may configure (project page rules). */
    editable: (ctx: RequestContext, id: number): Promise<ProjectRecord> =>
      find(ctx, id, seesAllProjects(ctx)),

    /** A project the caller may read or deploy (project or deploy page rules). */
    readable: (ctx: RequestContext, id: number): Promise<ProjectRecord> =>
      find(ctx, id, seesAllDeploys(ctx)),
  };
}

/** SECURITY: a scoped API key limited to some projects reaches those alone. */
function keyAllows(ctx: RequestContext, projectId: number): boolean {
  const only = ctx.via.kind === 'apiKey' ? ctx.via.scope?.projectIds : null;
  return !only || only.has(projectId);
}

export type ProjectScope = ReturnType<typeof createProjectScope>;
