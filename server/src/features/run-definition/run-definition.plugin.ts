import { projectProcessRoutes, scriptTemplateRoutes, serverProcessRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import type { ProjectProcessService } from './project-process.service.js';
import type { ScriptTemplateService } from './script-template.service.js';
import type { ServerProcessService } from './server-process.service.js';

export function runDefinitionPlugin(deps: {
  templates: ScriptTemplateService;
  serverProcesses: ServerProcessService;
  projectProcesses: ProjectProcessService;
}) {
  const { templates, serverProcesses, projectProcesses } = deps;
  const done = () => null;
  return async (app: FastifyInstance) => {
    const t = scriptTemplateRoutes;
    bindRoute(app, t.getOption, ({ ctx, input }) => templates.list(ctx, input.type));
    bindRoute(app, t.add, ({ ctx, input }) => templates.add(ctx, input));
    bindRoute(app, t.edit, ({ ctx, input }) => templates.edit(ctx, input).then(done));
    bindRoute(app, t.remove, ({ ctx, input }) => templates.remove(ctx, input.id).then(done));

    const s = serverProcessRoutes;
    bindRoute(app, s.getProcessList, ({ ctx }) => serverProcesses.list(ctx));
    bindRoute(app, s.addProcess, ({ ctx, input }) => serverProcesses.add(ctx, input));
    bindRoute(app, s.editProcess, ({ ctx, input }) => serverProcesses.edit(ctx, input).then(done));
    bindRoute(app, s.deleteProcess, ({ ctx, input }) =>
      serverProcesses.remove(ctx, input.id).then(done),
    );

    const p = projectProcessRoutes;
    bindRoute(app, p.getProcessList, ({ ctx, input }) => projectProcesses.list(ctx, input));
    bindRoute(app, p.addProcess, ({ ctx, input }) => projectProcesses.add(ctx, input));
    bindRoute(app, p.editProcess, ({ ctx, input }) => projectProcesses.edit(ctx, input).then(done));
    bindRoute(app, p.deleteProcess, ({ ctx, input }) =>
      projectProcesses.remove(ctx, input.id).then(done),
    );
  };
}
