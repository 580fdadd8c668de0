import { cronRoutes, crontabRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import type { CronService } from './cron.service.js';
import type { CrontabService } from './crontab.service.js';

/** The cron routes (`/cron/*`) and goploy's `/server/getRemoteCrontabList`. */
export function cronPlugin(cron: CronService, crontab: CrontabService) {
  const done = () => null;
  return async (app: FastifyInstance) => {
    const r = cronRoutes;
    bindRoute(app, r.getList, ({ ctx, input }) => cron.list(ctx, input.serverId));
    bindRoute(app, r.getLogs, ({ ctx, input }) => cron.logs(ctx, input));
    bindRoute(app, r.add, ({ ctx, input }) => cron.add(ctx, input));
    bindRoute(app, r.edit, ({ ctx, input }) => cron.edit(ctx, input).then(done));
    bindRoute(app, r.showNotifyTarget, ({ ctx, input }) => cron.showNotifyTarget(ctx, input.id));
    bindRoute(app, r.toggle, ({ ctx, input }) => cron.toggle(ctx, input).then(done));
    bindRoute(app, r.remove, ({ ctx, input }) => cron.remove(ctx, input).then(done));
    bindRoute(app, r.bind, ({ ctx, input }) => cron.bind(ctx, input));
    const t = crontabRoutes;
    bindRoute(app, t.getCrontab, ({ ctx, input }) => crontab.get(ctx, input.serverId));
    bindRoute(app, t.importLines, ({ ctx, input }) => crontab.importLines(ctx, input));
    bindRoute(app, t.getRemoteCrontabList, ({ ctx, input }) =>
      crontab.remoteList(ctx, input.serverId),
    );
  };
}
