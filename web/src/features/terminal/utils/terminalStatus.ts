import { envelopeCodeForClose, TerminalClose } from '@ferry/contract/client';

/** Why a terminal socket closed, as far as the user needs to know. */
export type CloseCause = 'ended' | 'idle' | 'serverDisabled' | 'sshFailed' | 'refused' | 'lost';

export type TerminalStatus =
  | { state: 'connecting' }
  | { state: 'connected' }
  | {
      state: 'closed';
      cause: CloseCause;
      code: number;
      /** The close reason: the SSH failure or the refusal's message. */
      reason: string;
      /** For a refusal, the envelope code it stands for (10001, 1, …). */
      envelopeCode?: number;
    };

export type ClosedStatus = Extract<TerminalStatus, { state: 'closed' }>;

/**
 * Reads a close code of `/ws/xterm` (contract terminal-frames.ts and ws.ts). Anything the console
 * did not send on purpose (1006 when the network dropped, 1012 when the console stopped, 1011)
 * counts as a lost connection.
 */
export function closedStatus(code: number, reason: string): ClosedStatus {
  const closed = (cause: CloseCause): ClosedStatus => ({ state: 'closed', cause, code, reason });
  switch (code) {
    case TerminalClose.ended:
      return closed('ended');
    case TerminalClose.idle:
      return closed('idle');
    case TerminalClose.serverDisabled:
      return closed('serverDisabled');
    case TerminalClose.sshFailed:
      return closed('sshFailed');
  }
  const envelopeCode = envelopeCodeForClose(code);
  if (envelopeCode !== undefined) return { ...closed('refused'), envelopeCode };
  return closed('lost');
}
