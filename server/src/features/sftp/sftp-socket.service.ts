import {
  closeCodeForEnvelope,
  Code,
  SftpClose,
  sftpRoutes,
  type RouteParsed,
} from '@ferry/contract';
import type { Client } from 'ssh2';
import type { WebSocket } from 'ws';
import type { TerminalPolicy } from '../../config.js';
import { AppError } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { closeReason } from '../../core/ws/close-reason.js';
import type { SocketRegistry } from '../../core/ws/socket-registry.js';
import { SshError } from '../../infra/ssh/ssh-errors.js';
import type { ServerAccess, UsableServer } from '../server/server.api.js';
import { answer, type ListingContext } from './sftp-listing.js';
import type { SftpLogService } from './sftp-log.service.js';
import { openSftp, sftpOps } from './sftp-ops.js';
import { createInbox, type Inbox } from './sftp-socket-inbox.js';

type SftpConnectInput = RouteParsed<typeof sftpRoutes.sftpConnect>;

/** Frames waiting in the socket beyond which reading the directory pauses. */
const HIGH_WATER_BYTES = 1024 * 1024;
const DRAIN_POLL_MS = 5;

export interface SftpSocketDeps {
  access: ServerAccess;
  logs: SftpLogService;
  sockets: SocketRegistry;
  /** The terminal's idle limit applies to file manager sockets too (read when one opens). */
  policy: Pick<TerminalPolicy, 'idleMs'>;
}

/**
 * `/ws/sftp`: one dedicated SSH connection and SFTP channel per socket, answering directory
 * listings one request at a time until the browser leaves, the connection drops, the socket sits
 * idle too long, or the registry ends it (logout, lost rights, a disabled or edited server).
 */
export function createSftpSocketService(deps: SftpSocketDeps) {
  const { access, logs, sockets } = deps;

  return {
    /**
     * Serves `socket` for server `input.serverId`. Throws an AppError (code 1) before anything
     * else when the caller may not use the server; every later failure closes the socket itself.
     */
    async open(ctx: RequestContext, input: SftpConnectInput, socket: WebSocket): Promise<void> {
      // Before the first await: requests sent while connecting are kept.
      const control = createControl(socket);
      const server = await access.usable(ctx, input.serverId);
      if (socket.readyState !== socket.OPEN) return control.inbox.close();
      let finish: () => void = () => {};
      const finished = new Promise<void>((resolve) => (finish = resolve));
      const unregister = sockets.add({
        ctx,
        access: sftpRoutes.sftpConnect.access,
        serverId: server.id,
        end: control.end,
        finished,
      });
      try {
        await serve(ctx, server, control);
      } finally {
        unregister();
        finish();
      }
    },
  };

  /** Connects, then answers requests until the socket or the connection is gone. */
  async function serve(ctx: RequestContext, server: UsableServer, control: Control) {
    const { socket, signal, inbox } = control;
    let client: Client | undefined;
    try {
      client = await access.connect(server, { signal });
      control.attach(client);
      const ops = sftpOps(await openSftp(client));
      if (signal.aborted) return;
      const listing: ListingContext = {
        ops,
        send: (frame) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
        },
        drained: () => drained(socket),
        record: (path, err) => {
          const action = { serverId: server.id, type: 'READ' as const, path };
          return err === undefined ? logs.ok(ctx, action) : logs.failed(ctx, action, err);
        },
      };
      const idle = createIdle(deps.policy.idleMs, () =>
        control.end(SftpClose.idle, 'closed after a time without requests'),
      );
      try {
        for (let job = await inbox.next(); job; job = await inbox.next()) {
          idle.stop();
          await answer(listing, job);
          idle.start();
        }
      } finally {
        idle.stop();
      }
    } catch (err) {
      if (signal.aborted) return;
      if (err instanceof AppError && !(err instanceof SshError)) {
        control.end(closeCodeForEnvelope(err.code), err.message);
      } else {
        control.end(SftpClose.sshFailed, sshFailure(ctx, err));
      }
    } finally {
      inbox.close();
      client?.end();
    }
  }
}

type Control = ReturnType<typeof createControl>;

/**
 * How the socket ends, from any side: the browser closing it, the SSH connection dropping, or
 * `end` (the registry, the idle limit, a failure). Ending aborts a connection still being made,
 * closes the socket with the code and ends the SSH connection.
 */
function createControl(socket: WebSocket) {
  const abort = new AbortController();
  let client: Client | undefined;
  const inbox: Inbox = createInbox(socket, (request) => {
    if (request.kind === 'invalid' && socket.readyState === socket.OPEN) {
      socket.send(JSON.stringify({ code: Code.illegalParam, message: request.message, data: [] }));
    }
  });
  const end = (code: number, reason: string) => {
    abort.abort();
    inbox.close();
    if (socket.readyState === socket.OPEN) socket.close(code, closeReason(reason));
    client?.end();
  };
  socket.once('close', () => end(1000, ''));
  socket.once('error', () => end(1011, ''));
  return {
    socket,
    inbox,
    signal: abort.signal,
    end,
    /** The connection, once made: its loss ends the socket. */
    attach(c: Client) {
      client = c;
      c.once('close', () => end(SftpClose.sshFailed, 'the SSH connection closed'));
    },
  };
}

/** A timer that ends the socket after `idleMs` without a request being answered. */
function createIdle(idleMs: number, onIdle: () => void) {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const start = () => {
    stop();
    timer = setTimeout(onIdle, idleMs);
    timer.unref();
  };
  start();
  return { start, stop };
}

/** Resolves once the socket's send backlog is below the high-water mark (or it closed). */
async function drained(socket: WebSocket): Promise<void> {
  while (socket.readyState === socket.OPEN && socket.bufferedAmount > HIGH_WATER_BYTES) {
    await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
  }
}

/** The message a user sees for a failed connection; SshError messages are written for them. */
function sshFailure(ctx: RequestContext, err: unknown): string {
  if (err instanceof SshError) return err.message;
  ctx.log.warn({ err: String(err) }, 'sftp channel failed');
  return `The server refused SFTP: ${err instanceof Error ? err.message : String(err)}`;
}

export type SftpSocketService = ReturnType<typeof createSftpSocketService>;
