import type { RequestContext } from '../../core/http/context.js';

/** One open terminal as the registry knows it. */
export interface OpenTerminal {
  ctx: RequestContext;
  serverId: number;
  /** Closes the socket with `code` and `reason` and ends the SSH side. */
  end(code: number, reason: string): void;
  /** Resolves when the terminal is over and its log row is complete. */
  readonly finished: Promise<void>;
}

/**
 * The open terminals, so that a logout, a revoked user or a disabled server ends them at once
 * instead of leaving a shell open to someone who lost the right to it.
 */
export interface TerminalRegistry {
  /** Adds `terminal` until its `finished` settles. */
  add(terminal: OpenTerminal): void;
  /** Ends the terminals opened with one session (its logout). */
  endForSession(tokenHash: string, code: number, reason?: string): void;
  /** Ends every terminal of a user (disabled, removed, password changed). */
  endForUser(userId: number, code: number, reason?: string): void;
  /** Ends every terminal on a server (disabled, or its connection settings edited). */
  endForServer(serverId: number, code: number, reason?: string): void;
  /** Ends every terminal and waits until their log rows are complete (shutdown). */
  endAll(code: number, reason?: string): Promise<void>;
  size(): number;
}

export function createTerminalRegistry(): TerminalRegistry {
  const open = new Set<OpenTerminal>();
  const endWhere = (match: (t: OpenTerminal) => boolean, code: number, reason = '') => {
    for (const t of open) if (match(t)) t.end(code, reason);
  };
  return {
    add(terminal) {
      open.add(terminal);
      const remove = () => open.delete(terminal);
      terminal.finished.then(remove, remove);
    },
    endForSession(tokenHash, code, reason) {
      endWhere(
        (t) => t.ctx.via.kind === 'session' && t.ctx.via.tokenHash === tokenHash,
        code,
        reason,
      );
    },
    endForUser(userId, code, reason) {
      endWhere((t) => t.ctx.user.id === userId, code, reason);
    },
    endForServer(serverId, code, reason) {
      endWhere((t) => t.serverId === serverId, code, reason);
    },
    async endAll(code, reason) {
      const all = [...open];
      for (const t of all) t.end(code, reason ?? '');
      await Promise.allSettled(all.map((t) => t.finished));
    },
    size: () => open.size,
  };
}
