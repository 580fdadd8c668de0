import { warningRuleRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../../core/http/bind-route.js';
import type { RuleService } from './rule.service.js';

/** goploy's warning rule routes (`/server/getAllMonitor|addMonitor|editMonitor|deleteMonitor`). */
export function rulePlugin(rules: RuleService) {
  const done = () => null;
  return async (app: FastifyInstance) => {
    const r = warningRuleRoutes;
    bindRoute(app, r.getAllMonitor, ({ ctx, input }) => rules.list(ctx, input.serverId));
    bindRoute(app, r.addMonitor, ({ ctx, input }) => rules.add(ctx, input));
    bindRoute(app, r.editMonitor, ({ ctx, input }) => rules.edit(ctx, input).then(done));
    bindRoute(app, r.showMonitorNotifyTarget, ({ ctx, input }) =>
      rules.showNotifyTarget(ctx, input.id),
    );
    bindRoute(app, r.deleteMonitor, ({ ctx, input }) => rules.remove(ctx, input.id).then(done));
  };
}
