import { monitorRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import type { MonitorService } from './monitor.service.js';

export function monitorPlugin(monitors: MonitorService) {
  const done = () => null;
  return async (app: FastifyInstance) => {
    const r = monitorRoutes;
    bindRoute(app, r.getList, ({ ctx }) => monitors.list(ctx));
    bindRoute(app, r.add, ({ ctx, input }) => monitors.add(ctx, input));
    bindRoute(app, r.edit, ({ ctx, input }) => monitors.edit(ctx, input).then(done));
    bindRoute(app, r.showNotifyTarget, ({ ctx, input }) =>
      monitors.showNotifyTarget(ctx, input.id),
    );
    bindRoute(app, r.toggle, ({ ctx, input }) => monitors.toggle(ctx, input).then(done));
    bindRoute(app, r.remove, ({ ctx, input }) => monitors.remove(ctx, input.id).then(done));
    bindRoute(app, r.check, ({ ctx, input }) => monitors.check(ctx, input));
    bindRoute(app, r.getChecks, ({ ctx, input }) => monitors.checks(ctx, input));
    bindRoute(app, r.getSparklines, ({ ctx, input }) => monitors.sparklines(ctx, input.ids));
    bindRoute(app, r.getIncidents, ({ ctx, input }) => monitors.incidents(ctx, input));
  };
}
