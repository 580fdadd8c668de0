import { Code } from './envelope.js';

/**
 * WebSocket conventions (wire-api §3). The hub sends `{type, message}` JSON frames. A refused
 * upgrade is accepted and then closed with one of these codes, so a client can tell "log in
 * again" from a network fault.
 */
export const WsClose = {
  /** 10000: account disabled. */
  accountDisabled: 4000,
  /** 10001: not logged in. */
  notLoggedIn: 4001,
  /** 10002: not a member of the namespace. */
  namespaceInvalid: 4002,
  /** 1: no permission for this socket or object. */
  denied: 4003,
  /** 10086: the session expired. */
  sessionExpired: 4086,
  /** Missed two pings. */
  timeout: 4008,
} as const;

/** The envelope code a refusal close code stands for; undefined for any other close. */
export function envelopeCodeForClose(closeCode: number): number | undefined {
  switch (closeCode) {
    case WsClose.accountDisabled:
      return Code.accountDisabled;
    case WsClose.notLoggedIn:
      return Code.illegalRequest;
    case WsClose.namespaceInvalid:
      return Code.namespaceInvalid;
    case WsClose.denied:
      return Code.deny;
    case WsClose.sessionExpired:
      return Code.loginExpired;
    default:
      return undefined;
  }
}

export const HubType = {
  deployProgress: 1,
  monitorAlert: 3,
  deployLog: 11,
} as const;

export interface HubFrame<M = unknown> {
  type: number;
  message: M;
}

/** What a browser may send to the hub. */
export type HubClientOp = { op: 'subscribe'; token: string } | { op: 'unsubscribe'; token: string };
