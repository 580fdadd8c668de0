import { taskRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import type { ScheduleService } from './schedule.service.js';

export function schedulePlugin(deps: { schedule: ScheduleService }) {
  const { schedule } = deps;
  return async (app: FastifyInstance) => {
    bindRoute(app, taskRoutes.getTaskList, ({ ctx, input }) => schedule.list(ctx, input));
    bindRoute(app, taskRoutes.addTask, ({ ctx, input }) => schedule.add(ctx, input));
    bindRoute(app, taskRoutes.removeTask, async ({ ctx, input }) => {
      await schedule.remove(ctx, input.id);
      return null;
    });
  };
}
