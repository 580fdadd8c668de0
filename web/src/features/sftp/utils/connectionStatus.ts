import { envelopeCodeForClose, WsClose } from '@ferry/contract/client';
import { SftpClose } from '@ferry/contract/client';

/** Why a file manager socket closed, as far as the user needs to know. */
export type SftpCloseCause =
  /** The console could not reach the server over SSH (the reason says why). */
  | 'unreachable'
  /** Closed after a long idle time. */
  | 'idle'
  /** The server was disabled, edited or removed. */
  | 'serverDisabled'
  /** The caller's access went: logged out, left the namespace, lost the permission. */
  | 'refused'
  /** Anything else: the network, the console restarting. */
  | 'lost';

export type SftpConnection =
  | { state: 'connecting' }
  | { state: 'open' }
  | {
      state: 'closed';
      cause: SftpCloseCause;
      code: number;
      reason: string;
      /** For a refusal, the envelope code it stands for (10001, 1, …). */
      envelopeCode?: number;
    };

export type ClosedConnection = Extract<SftpConnection, { state: 'closed' }>;

/** Reads a close code of `/ws/sftp` (contract sftp-frames.ts and ws.ts). */
export function closedConnection(code: number, reason: string): ClosedConnection {
  const closed = (cause: SftpCloseCause): ClosedConnection => ({
    state: 'closed',
    cause,
    code,
    reason,
  });
  switch (code) {
    case SftpClose.sshFailed:
      return closed('unreachable');
    case SftpClose.idle:
      return closed('idle');
    case SftpClose.serverDisabled:
      return closed('serverDisabled');
  }
  const envelopeCode = envelopeCodeForClose(code);
  if (envelopeCode !== undefined) return { ...closed('refused'), envelopeCode };
  return closed('lost');
}

/**
 * Whether opening the socket again may help: not after a refusal (logged out, not a member,
 * permission withdrawn), where the page already says what to do instead. A bad parameter
 * (`WsClose.invalidParameter`) would only be refused again.
 */
export function mayReconnect(c: ClosedConnection): boolean {
  return c.cause !== 'refused' && c.code !== WsClose.invalidParameter;
}
