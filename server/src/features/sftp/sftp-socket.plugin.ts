import { sftpRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';
import { parseInput } from '../../core/http/bind-route.js';
import { refuseSocket, socketCaller } from '../../core/ws/refuse-socket.js';
import type { SftpSocketService } from './sftp-socket.service.js';

/**
 * `GET /ws/sftp`: the auth hook has checked the session, the namespace, permission 35 and the
 * Origin; a refusal closes the socket with the code naming it.
 */
export function sftpSocketPlugin(listings: SftpSocketService) {
  return (app: FastifyInstance) => {
    const descriptor = sftpRoutes.sftpConnect;
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
      listings.open(ctx, input, socket).catch((err: unknown) => {
        if (err instanceof AppError) return refuseSocket(socket, err);
        ctx.log.error({ err }, 'sftp socket failed');
        socket.close(1011, 'Internal error, see the server log');
      });
    });
  };
}
