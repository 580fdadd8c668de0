import { Code, WsClose } from '@ferry/contract';

/** The WebSocket close code for an envelope code of a refused upgrade. */
export function closeCodeFor(code: number): number {
  switch (code) {
    case Code.accountDisabled:
      return WsClose.accountDisabled;
    case Code.namespaceInvalid:
      return WsClose.namespaceInvalid;
    case Code.loginExpired:
      return WsClose.sessionExpired;
    case Code.deny:
      return WsClose.denied;
    default:
      return WsClose.notLoggedIn;
  }
}
