import type { RequestContext } from '../../core/http/context.js';
import { notFound } from '../../core/errors.js';
import type { ServerDirectory } from '../server/server.api.js';
import { presentServerProject } from './project.presenter.js';
import type { ProjectRepository } from './project.repository.js';

/**
 * The server page's view of bindings. SECURITY: a shared server may be bound by projects of many
 * namespaces; each namespace sees and unbinds only its own projects' bindings.
 */
export function createServerBindings(deps: {
  projects: ProjectRepository;
  servers: Pick<ServerDirectory, 'visible'>;
}) {
  const { projects, servers } = deps;
  return {
    async projectsOf(ctx: RequestContext, serverId: number) {
      const server = await servers.visible(ctx, serverId);
      return (await projects.projectsOfServer(server.id, ctx.namespaceId)).map(
        presentServerProject,
      );
    },

    /** All the bindings named, or none when one is not the caller's. */
    async unbind(ctx: RequestContext, ids: number[]): Promise<void> {
      const unique = [...new Set(ids)];
      const rows = await projects.bindingNamespaces(unique);
      const own = rows.filter((r) => r.namespace_id === ctx.namespaceId);
      if (own.length !== unique.length) throw notFound('Binding');
      await projects.unbind(unique);
    },
  };
}

export type ServerBindings = ReturnType<typeof createServerBindings>;
