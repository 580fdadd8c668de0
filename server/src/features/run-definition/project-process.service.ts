import type { projectProcessRoutes, RouteParsed } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ProjectAccess } from '../project/project.api.js';
import { withFreeName } from './free-name.js';
import { presentProjectProcess } from './run-definition.presenter.js';
import type { RunDefinitionRepository } from './run-definition.repository.js';

type AddInput = RouteParsed<typeof projectProcessRoutes.addProcess>;
type EditInput = RouteParsed<typeof projectProcessRoutes.editProcess>;
type Commands = Pick<AddInput, 'name' | 'status' | 'start' | 'stop' | 'restart'>;

/**
 * A project's processes (reference §5.9). SECURITY: the project is one the caller may deploy,
 * in their namespace (the deploy page's rule, as scheduled deploys); a process of any other
 * project answers code 1 as if it did not exist.
 */
export function createProjectProcessService(deps: {
  repo: RunDefinitionRepository;
  projects: Pick<ProjectAccess, 'readable'>;
  clock: Clock;
}) {
  const processes = deps.repo.projectProcesses;
  const { projects } = deps;

  async function own(ctx: RequestContext, id: number) {
    const row = await processes.byId(id);
    if (!row || row.namespace_id !== ctx.namespaceId) throw notFound('Process');
    await projects.readable(ctx, row.project_id);
    return row;
  }

  const save = <T>(projectId: number, name: string, write: () => Promise<T>, self?: number) =>
    withFreeName({
      holder: () => processes.named(projectId, name),
      self,
      message: `Process ${name} already exists in this project`,
      reason: 'process_exists',
      write,
    });

  const commands = (form: Commands) => ({
    name: form.name,
    status: form.status,
    start: form.start,
    stop: form.stop,
    restart: form.restart,
  });

  return {
    /** A process of a project the caller may deploy; else code 1. */
    get: async (ctx: RequestContext, id: number) => presentProjectProcess(await own(ctx, id)),

    async list(ctx: RequestContext, input: { projectId: number; page: number; rows: number }) {
      const project = await projects.readable(ctx, input.projectId);
      return processes.page(project.id, input, presentProjectProcess);
    },

    async add(ctx: RequestContext, input: AddInput) {
      const project = await projects.readable(ctx, input.projectId);
      const now = deps.clock.now();
      const row = {
        namespace_id: project.namespace_id,
        project_id: project.id,
        ...commands(input),
        insert_time: now,
        update_time: now,
      };
      return { id: await save(project.id, input.name, () => processes.insert(row)) };
    },

    async edit(ctx: RequestContext, input: EditInput) {
      const row = await own(ctx, input.id);
      const set = { ...commands(input), update_time: deps.clock.now() };
      await save(row.project_id, input.name, () => processes.update(row.id, set), row.id);
    },

    async remove(ctx: RequestContext, id: number) {
      await processes.remove((await own(ctx, id)).id);
    },
  };
}

export type ProjectProcessService = ReturnType<typeof createProjectProcessService>;
