import { logRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime } from '../../core/clock.js';
import { bindRoute } from '../../core/http/bind-route.js';
import type { RequestContext } from '../../core/http/context.js';
import type { LogRepository } from './log.repository.js';

/** Login and operation logs are scoped to the caller's namespace unless a super manager asks. */
const scope = (ctx: RequestContext) => (ctx.user.superManager === 1 ? undefined : ctx.namespaceId);

export function logPlugin(logs: LogRepository) {
  return (app: FastifyInstance) => {
    bindRoute(app, logRoutes.getLoginLogList, async ({ ctx, input }) => ({
      list: (await logs.loginLogs(input.account, scope(ctx), input.page, input.rows)).map((r) => ({
        id: r.id,
        account: r.account,
        remoteAddr: r.remote_addr,
        userAgent: r.user_agent,
        referer: r.referer,
        reason: r.reason,
        loginTime: formatTime(r.login_time),
      })),
    }));

    bindRoute(app, logRoutes.getLoginLogTotal, async ({ ctx, input }) => ({
      total: await logs.loginLogTotal(input.account, scope(ctx)),
    }));

    bindRoute(app, logRoutes.getOperationLogList, async ({ ctx, input }) => ({
      list: (
        await logs.operationLogs({ ...input, namespaceId: scope(ctx) }, input.page, input.rows)
      ).map((r) => ({
        id: r.id,
        namespaceID: r.namespace_id,
        userID: r.user_id,
        username: r.username ?? '',
        router: r.router,
        api: r.api,
        requestTime: formatTime(r.request_time),
        requestData: r.request_data,
        responseTime: formatTime(r.response_time),
        responseData: r.response_data,
      })),
    }));

    bindRoute(app, logRoutes.getOperationLogTotal, async ({ ctx, input }) => ({
      total: await logs.operationLogTotal({ ...input, namespaceId: scope(ctx) }),
    }));
  };
}
