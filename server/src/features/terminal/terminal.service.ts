import path from 'node:path';
import {
  closeCodeForEnvelope,
  TerminalClose,
  type RouteParsed,
  terminalRoutes,
} from '@ferry/contract';
import type { RawData, WebSocket } from 'ws';
import type { TerminalPolicy } from '../../config.js';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { SshError } from '../../infra/ssh/ssh-errors.js';
import type { ServerAccess, UsableServer } from '../server/server.api.js';
import {
  nullRecorder,
  openAsciicastRecorder,
  type TerminalRecorder,
} from './asciicast-recorder.js';
import { closeReason } from '../../core/ws/close-reason.js';
import type { SocketRegistry } from '../../core/ws/socket-registry.js';
import { recordingFileFor } from './recording-path.js';
import type { TerminalLogRepository } from './terminal-log.repository.js';
import {
  bridgeTerminal,
  openShell,
  type EarlyFrame,
  type TerminalSession,
} from './terminal-session.js';

type XtermInput = RouteParsed<typeof terminalRoutes.xtermConnect>;

/** Input kept while the connection is being made; more than a paste's worth is dropped. */
const MAX_EARLY_BYTES = 64 * 1024;

export interface TerminalServiceDeps {
  access: ServerAccess;
  logs: TerminalLogRepository;
  sockets: SocketRegistry;
  clock: Clock;
  sharedDir: string;
  policy: TerminalPolicy;
}

/** Web terminals: a shell on a server, bridged to a browser socket, logged and recorded. */
export function createTerminalService(deps: TerminalServiceDeps) {
  const { access, logs, sockets, clock } = deps;

  /** The recording of log row `id`; unrecorded (and logged) when its file cannot be made. */
  async function openRecorder(
    ctx: RequestContext,
    id: number,
    startedAt: number,
    input: XtermInput,
  ) {
    const relative = recordingFileFor(id, startedAt);
    const warn = (err: unknown) =>
      ctx.log.warn({ terminalLogId: id, err: String(err) }, 'terminal recording failed');
    try {
      const recorder = await openAsciicastRecorder({
        file: path.join(deps.sharedDir, relative),
        cols: input.cols,
        rows: input.rows,
        startedAt,
        recordInput: deps.policy.recordInput,
        onError: warn,
      });
      await logs.setRecordFile(id, relative);
      return recorder;
    } catch (err) {
      warn(err);
      return nullRecorder;
    }
  }

  return {
    /**
     * Opens a terminal on `input.serverId` for `socket`. Throws an AppError (code 1) before
     * anything is written when the caller may not use the server; every later failure closes the
     * socket itself. Resolves when the terminal is over and its log row has its end time.
     */
    async open(ctx: RequestContext, input: XtermInput, socket: WebSocket): Promise<void> {
      // Before the first await: frames the browser sends from now on are kept for the shell.
      const control = createControl(socket);
      const server = await access.usable(ctx, input.serverId);
      // The browser may have gone while the server was looked up: then there is nothing to log.
      if (socket.readyState !== socket.OPEN) return;
      const startTime = clock.now();
      const id = await logs.insert({
        namespaceId: ctx.namespaceId,
        userId: ctx.user.id,
        serverId: server.id,
        remoteAddr: ctx.ip,
        userAgent: ctx.userAgent,
        startTime,
      });
      let finish: () => void = () => {};
      const finished = new Promise<void>((resolve) => (finish = resolve));
      // A logout, a revoked right or a disabled server ends the shell through the registry.
      const unregister = sockets.add({
        ctx,
        access: terminalRoutes.xtermConnect.access,
        serverId: server.id,
        end: control.end,
        finished,
      });
      const recorder = await openRecorder(ctx, id, startTime, input);
      try {
        await run(ctx, server, input, control, recorder);
      } finally {
        await recorder.close();
        await logs
          .end(id, clock.now())
          .catch((err: unknown) => ctx.log.error({ err, terminalLogId: id }, 'terminal end time'));
        unregister();
        finish();
      }
    },
  };

  /** Connects, starts the shell and bridges it until the session is over. */
  async function run(
    ctx: RequestContext,
    server: UsableServer,
    input: XtermInput,
    control: Control,
    recorder: TerminalRecorder,
  ): Promise<void> {
    const { socket, signal } = control;
    try {
      if (signal.aborted) return;
      const client = await access.connect(server, { signal });
      const stream = await openShell(client, input.cols, input.rows).catch((err: unknown) => {
        client.end();
        throw err;
      });
      if (signal.aborted) {
        client.end();
        return;
      }
      const { cols, rows } = input;
      const idleMs = deps.policy.idleMs;
      const early = control.takeEarly();
      const session = bridgeTerminal(
        { socket, client, cols, rows, idleMs, recorder, early },
        stream,
      );
      control.attach(session);
      await session.ended;
    } catch (err) {
      if (signal.aborted) return;
      // Disabled or moved away since it was looked up: a refusal like any other.
      if (err instanceof AppError && !(err instanceof SshError)) {
        control.closeSocket(closeCodeForEnvelope(err.code), err.message);
      } else {
        control.closeSocket(TerminalClose.sshFailed, sshFailure(ctx, err));
      }
    }
  }
}

type Control = ReturnType<typeof createControl>;

/**
 * How a terminal is ended from outside (logout, a disabled server) in either phase: while the
 * connection is being made, ending aborts it and closes the socket; once the shell runs, ending
 * goes to the session.
 */
function createControl(socket: WebSocket) {
  const abort = new AbortController();
  let session: TerminalSession | undefined;
  const closeSocket = (code: number, reason: string) => {
    if (socket.readyState === socket.OPEN) socket.close(code, closeReason(reason));
  };
  // A browser that leaves while the connection is being made stops it.
  socket.once('close', () => abort.abort());
  // Keystrokes typed before the shell is ready are kept (within bounds) and replayed to it.
  const early: EarlyFrame[] = [];
  let earlyBytes = 0;
  const keep = (data: RawData, isBinary: boolean) => {
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    if (earlyBytes + size > MAX_EARLY_BYTES) return;
    earlyBytes += size;
    early.push({ data, isBinary });
  };
  socket.on('message', keep);
  return {
    socket,
    signal: abort.signal,
    closeSocket,
    /** The frames kept so far; from now on the session reads the socket itself. */
    takeEarly() {
      socket.off('message', keep);
      return early.splice(0);
    },
    attach(s: TerminalSession) {
      session = s;
    },
    end: (code: number, reason: string) => {
      if (session) return session.end(code, reason);
      abort.abort();
      closeSocket(code, reason);
    },
  };
}

/** The message a user sees for a failed connection; SshError messages are written for them. */
function sshFailure(ctx: RequestContext, err: unknown): string {
  if (err instanceof SshError) return err.message;
  ctx.log.warn({ err: String(err) }, 'terminal shell failed');
  return `The server refused a shell: ${err instanceof Error ? err.message : String(err)}`;
}

export type TerminalService = ReturnType<typeof createTerminalService>;
