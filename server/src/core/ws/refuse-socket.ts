import { closeCodeForEnvelope, WsClose } from '@ferry/contract';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppError } from '../errors.js';
import type { RequestContext } from '../http/context.js';
import { closeReason } from './close-reason.js';

/** The one mapping of a refusal to a close: the code names the envelope code, the reason says why. */
export function refuseSocket(socket: WebSocket, err: AppError | null): void {
  if (!err) socket.close(WsClose.notLoggedIn, '');
  else socket.close(closeCodeForEnvelope(err.code), closeReason(err.message));
}

/** The caller of an accepted upgrade; a refused one is closed here and gets undefined. */
export function socketCaller(socket: WebSocket, req: FastifyRequest): RequestContext | undefined {
  if (req.ctx && !req.authError) return req.ctx;
  refuseSocket(socket, req.authError);
  return undefined;
}
