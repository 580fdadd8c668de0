import { projectRoutes, serverRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import type { RepoProbe } from './project-repo-probe.js';
import type { ProjectService } from './project.service.js';
import type { ServerBindings } from './server-bindings.service.js';

export function projectPlugin(deps: {
  projects: ProjectService;
  probe: RepoProbe;
  bindings: ServerBindings;
}) {
  const { projects, probe, bindings } = deps;
  return async (app: FastifyInstance) => {
    bindRoute(app, projectRoutes.getList, async ({ ctx }) => ({
      list: await projects.list(ctx),
    }));
    bindRoute(app, projectRoutes.getLabelList, async ({ ctx }) => ({
      list: await projects.labels(ctx),
    }));
    // goploy's GET forms carry no secrets: stored ones (by `id`) are used.
    const noSecrets = { repoToken: '', repoPrivateKey: '' };
    bindRoute(app, projectRoutes.pingRepos, ({ ctx, input }) =>
      probe.ping(ctx, { ...input, ...noSecrets }),
    );
    bindRoute(app, projectRoutes.pingReposWithSecrets, ({ ctx, input }) => probe.ping(ctx, input));
    bindRoute(app, projectRoutes.getRemoteBranchList, async ({ ctx, input }) => ({
      branch: await probe.remoteBranches(ctx, { ...input, ...noSecrets }),
    }));
    bindRoute(app, projectRoutes.getRemoteBranchListWithSecrets, async ({ ctx, input }) => ({
      branch: await probe.remoteBranches(ctx, input),
    }));
    bindRoute(app, projectRoutes.getBindServerList, async ({ ctx, input }) => ({
      list: await projects.boundServers(ctx, input.id),
    }));
    bindRoute(app, projectRoutes.getBindUserList, async ({ ctx, input }) => ({
      list: await projects.boundUsers(ctx, input.id),
    }));
    bindRoute(app, projectRoutes.add, async ({ ctx, input }) => ({
      id: await projects.add(ctx, input),
    }));
    bindRoute(app, projectRoutes.edit, async ({ ctx, input }) => {
      await projects.edit(ctx, input);
      return null;
    });
    bindRoute(app, projectRoutes.showNotifyTarget, ({ ctx, input }) =>
      projects.showNotifyTarget(ctx, input.id),
    );
    bindRoute(app, projectRoutes.setAutoDeploy, async ({ ctx, input }) => {
      await projects.setAutoDeploy(ctx, input);
      return null;
    });
    bindRoute(app, projectRoutes.remove, async ({ ctx, input }) => {
      await projects.remove(ctx, input.id);
      return null;
    });
    bindRoute(app, projectRoutes.acceptRepoHostKey, ({ ctx, input }) =>
      projects.acceptRepoHostKey(ctx, input.id),
    );
    bindRoute(app, serverRoutes.getBindProjectList, async ({ ctx, input }) => ({
      list: await bindings.projectsOf(ctx, input.id),
    }));
    bindRoute(app, serverRoutes.unbindProject, async ({ ctx, input }) => {
      await bindings.unbind(ctx, input.ids);
      return null;
    });
  };
}
