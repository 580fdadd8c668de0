import type { RouteParsed, taskRoutes } from '@ferry/contract';
import { createdBy } from '../../core/authored.js';
import type { Clock } from '../../core/clock.js';
import { invalid, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ProjectAccess } from '../project/project.api.js';
import { cronProblem, nextCronRun, parseLocalTime } from './task-times.js';
import { newTaskColumns } from './task-columns.js';
import { presentTask } from './task.presenter.js';
import type { TaskRepository } from './task.repository.js';

type AddInput = RouteParsed<typeof taskRoutes.addTask>;

/**
 * Scheduled deploys' rules (reference §5.9, plus repeating tasks): who may list, add and remove a
 * project's tasks, and when a new task first runs.
 */
export function createScheduleService(deps: {
  tasks: TaskRepository;
  projects: Pick<ProjectAccess, 'readable'>;
  clock: Clock;
  /** Wakes the runner, so a task due within seconds does not wait for the next pass. */
  wake: () => void;
}) {
  const { tasks, projects, clock } = deps;

  /** The first due time: the one-off's date (in the future), or the expression's next time. */
  function firstRun(input: AddInput, now: number): { date: number; nextRun: number } {
    if (input.cron) {
      const problem = cronProblem(input.cron);
      if (problem) throw invalid('cron', problem);
      return { date: 0, nextRun: nextCronRun(input.cron, now) };
    }
    if (!input.date) throw invalid('date', 'is required unless the task repeats (cron)');
    const date = parseLocalTime(input.date);
    if (date === undefined) throw invalid('date', 'is not a time that exists');
    if (date <= now) throw invalid('date', 'must be in the future');
    return { date, nextRun: date };
  }

  /** A task of the caller's namespace on a project they may deploy; else code 1. */
  async function taskOf(ctx: RequestContext, id: number) {
    const t = await tasks.byId(id);
    if (!t || t.namespace_id !== ctx.namespaceId) throw notFound('Task');
    await projects.readable(ctx, t.project_id);
    return t;
  }

  return {
    async list(ctx: RequestContext, input: { id: number; page: number; rows: number }) {
      const row = await projects.readable(ctx, input.id);
      return tasks.page(row.id, input, presentTask);
    },

    async add(ctx: RequestContext, input: AddInput) {
      const row = await projects.readable(ctx, input.projectId);
      const now = clock.now();
      const { date, nextRun } = firstRun(input, now);
      const id = await tasks.insert({
        ...newTaskColumns(input, row, { date, nextRun }),
        ...createdBy(ctx.user, now),
      });
      deps.wake();
      return { id };
    },

    async remove(ctx: RequestContext, id: number) {
      const t = await taskOf(ctx, id);
      await tasks.remove(t.id, { id: ctx.user.id, name: ctx.user.name }, clock.now());
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
