import { logRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import type { SftpLogService } from './sftp-log.service.js';

/** The SFTP log routes of the Log page (`/log/getSftpLog…`). */
export function sftpLogPlugin(sftpLogs: SftpLogService) {
  return (app: FastifyInstance) => {
    bindRoute(app, logRoutes.getSftpLogList, async ({ ctx, input }) => ({
      list: await sftpLogs.list(ctx, input),
    }));

    bindRoute(app, logRoutes.getSftpLogTotal, async ({ ctx, input }) => ({
      total: await sftpLogs.total(ctx, input),
    }));
  };
}
