import { Code, logRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';
import { bindRoute, parseInput } from '../../core/http/bind-route.js';
import type { TerminalLogService } from './terminal-log.service.js';

/** The terminal log routes of the Log page (`/log/getTerminal…`). */
export function terminalLogPlugin(terminalLogs: TerminalLogService) {
  return (app: FastifyInstance) => {
    bindRoute(app, logRoutes.getTerminalLogList, async ({ ctx, input }) => ({
      list: await terminalLogs.list(ctx, input),
    }));

    bindRoute(app, logRoutes.getTerminalLogTotal, async ({ ctx, input }) => ({
      total: await terminalLogs.total(ctx, input),
    }));

    // A download, not an envelope: bound by hand with the same descriptor, so the auth hook
    // guards it like every other route; failures still answer with an envelope.
    const record = logRoutes.getTerminalRecord;
    app.get(record.path, { config: { descriptor: record } }, async (req, reply) => {
      const ctx = req.ctx;
      if (!ctx) throw new AppError(Code.illegalRequest, 'Illegal request', 'not_logged_in');
      const input = parseInput(record, req);
      const { stream, filename } = await terminalLogs.record(ctx, input.recordId);
      return reply
        .type('application/x-asciicast')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(stream);
    });
  };
}
