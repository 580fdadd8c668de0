import { terminalRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';
import { parseInput } from '../../core/http/bind-route.js';
import { refuseSocket, socketCaller } from '../../core/ws/refuse-socket.js';
import type { TerminalService } from './terminal.service.js';

/**
 * `GET /ws/xterm`: the auth hook has checked the session, the namespace, permission 34 and the
 * Origin (an upgrade is a write); a refusal closes the socket with the code naming it.
 */
export function terminalPlugin(terminals: TerminalService) {
  return (app: FastifyInstance) => {
    const descriptor = terminalRoutes.xtermConnect;
    app.get(descriptor.path, { websocket: true, config: { descriptor } }, (socket, req) => {
      const ctx = socketCaller(socket, req);
      if (!ctx) return;
      let input;
      try {
        input = parseInput(descriptor, req);
      } catch (err) {
        if (err instanceof AppError) return refuseSocket(socket, err);
        throw err;
      }
      terminals.open(ctx, input, socket).catch((err: unknown) => {
        if (err instanceof AppError) return refuseSocket(socket, err);
        ctx.log.error({ err }, 'terminal failed');
        socket.close(1011, 'Internal error, see the server log');
      });
    });
  };
}
