import { closeCodeForEnvelope, TerminalClose, WsClose, type Access } from '@ferry/contract';
import type { AccessChange } from '../access-events.js';
import { AppError } from '../errors.js';
import { permissionsFor } from '../http/access-check.js';
import type { RequestContext } from '../http/context.js';
import type { IdentityResolver } from '../http/identity.js';
import { closeReason } from './close-reason.js';

/** One open socket as the registry knows it. */
export interface OpenSocket {
  /** Who opened it, where; `permissions` is refreshed when memberships or roles change. */
  ctx: RequestContext;
  /** What its route asks for (the route descriptor's access), checked again on every change. */
  readonly access: Access;
  /** The server it works on (terminal, SFTP); absent for the hub. */
  readonly serverId?: number;
  /** Closes the socket with `code` and `reason` and ends whatever it drives. */
  end(code: number, reason: string): void;
  /** Settles when everything it drives is over (a terminal's log row complete). */
  readonly finished?: Promise<void>;
}

/**
 * Every open socket of every socket route (hub, terminal, SFTP…), keyed by session, user,
 * namespace and server. A change of access ends exactly the sockets that lost their right, in
 * one call, with the close code that names why.
 */
export interface SocketRegistry {
  /** Adds `socket`; returns the function that removes it (call it when the socket closes). */
  add(socket: OpenSocket): () => void;
  /** Ends or re-checks the sockets `change` touches. */
  onAccessChange(change: AccessChange): Promise<void>;
  /** Ends every socket and waits until what they drive is over (shutdown). */
  endAll(code: number, reason: string): Promise<void>;
  size(): number;
}

export function createSocketRegistry(identity: IdentityResolver): SocketRegistry {
  const open = new Set<OpenSocket>();
  const endWhere = (match: (s: OpenSocket) => boolean, code: number, reason: string) => {
    for (const s of [...open]) {
      if (!match(s)) continue;
      open.delete(s);
      s.end(code, reason);
    }
  };

  /** Runs the door's namespace and permission check again for each socket `match` selects. */
  async function recheck(match: (s: OpenSocket) => boolean) {
    await Promise.all(
      [...open].filter(match).map(async (s) => {
        try {
          const permissions = await permissionsFor(
            identity,
            s.ctx.user,
            s.ctx.namespaceId,
            s.access,
            s.ctx.via.kind === 'apiKey' ? s.ctx.via.scope : null,
          );
          s.ctx = { ...s.ctx, permissions };
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          if (!open.delete(s)) return;
          s.end(closeCodeForEnvelope(err.code), closeReason(err.message));
        }
      }),
    );
  }

  return {
    add(socket) {
      open.add(socket);
      return () => open.delete(socket);
    },

    async onAccessChange(change) {
      switch (change.kind) {
        case 'session':
          return endWhere(
            (s) => s.ctx.via.kind === 'session' && s.ctx.via.tokenHash === change.tokenHash,
            WsClose.notLoggedIn,
            'logged out',
          );
        case 'apiKey':
          return endWhere(
            (s) => s.ctx.via.kind === 'apiKey' && s.ctx.via.id === change.keyId,
            WsClose.notLoggedIn,
            'the API key was revoked',
          );
        case 'user':
          if (change.revoked) {
            return endWhere(
              (s) => s.ctx.user.id === change.userId,
              WsClose.sessionExpired,
              'the session ended',
            );
          }
          return recheck((s) => s.ctx.user.id === change.userId);
        case 'membership':
          return recheck(
            (s) =>
              (change.userId === undefined || s.ctx.user.id === change.userId) &&
              (change.namespaceId === undefined || s.ctx.namespaceId === change.namespaceId),
          );
        case 'role':
          // Which users hold the role is the role feature's knowledge: every socket is checked.
          return recheck(() => true);
        case 'server':
          return endWhere(
            (s) => s.serverId === change.serverId,
            TerminalClose.serverDisabled,
            'the server was disabled or its connection settings changed',
          );
      }
    },

    async endAll(code, reason) {
      const all = [...open];
      open.clear();
      for (const s of all) s.end(code, reason);
      await Promise.allSettled(all.map((s) => s.finished ?? Promise.resolve()));
    },

    size: () => open.size,
  };
}
