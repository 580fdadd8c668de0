import { closeCodeForEnvelope, hubRoutes, WsClose } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import type { Hub } from '../../core/ws/hub.js';

/** `GET /ws/connect`: the same auth hook as HTTP, then the socket joins the namespace's hub. */
export function hubPlugin(hub: Hub) {
  return (app: FastifyInstance) => {
    app.get(
      hubRoutes.hubConnect.path,
      { websocket: true, config: { descriptor: hubRoutes.hubConnect } },
      (socket, req) => {
        if (req.authError || !req.ctx) {
          socket.close(
            req.authError ? closeCodeForEnvelope(req.authError.code) : WsClose.notLoggedIn,
            req.authError?.message ?? '',
          );
          return;
        }
        hub.add(socket, req.ctx);
      },
    );
  };
}
