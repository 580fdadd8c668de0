import { hubRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import type { Hub } from '../../core/ws/hub.js';
import { socketCaller } from '../../core/ws/refuse-socket.js';

/** `GET /ws/connect`: the same auth hook as HTTP, then the socket joins the namespace's hub. */
export function hubPlugin(hub: Hub) {
  return (app: FastifyInstance) => {
    const descriptor = hubRoutes.hubConnect;
    app.get(descriptor.path, { websocket: true, config: { descriptor } }, (socket, req) => {
      const ctx = socketCaller(socket, req);
      if (ctx) hub.add(socket, ctx, descriptor.access);
    });
  };
}
