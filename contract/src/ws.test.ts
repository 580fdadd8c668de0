import { describe, expect, it } from 'vitest';
import { Code } from './envelope.js';
import { closeCodeForEnvelope, envelopeCodeForClose, WsClose } from './ws.js';

describe('refusal close codes', () => {
  it('stand for the envelope code of the refused upgrade', () => {
    expect(envelopeCodeForClose(WsClose.accountDisabled)).toBe(Code.accountDisabled);
    expect(envelopeCodeForClose(WsClose.notLoggedIn)).toBe(Code.illegalRequest);
    expect(envelopeCodeForClose(WsClose.namespaceInvalid)).toBe(Code.namespaceInvalid);
    expect(envelopeCodeForClose(WsClose.denied)).toBe(Code.deny);
    expect(envelopeCodeForClose(WsClose.sessionExpired)).toBe(Code.loginExpired);
  });

  it('leave other closes alone', () => {
    for (const code of [1000, 1001, 1005, 1006, 1011, WsClose.timeout]) {
      expect(envelopeCodeForClose(code)).toBeUndefined();
    }
  });

  it('are what a refused upgrade is closed with, read back to the same envelope code', () => {
    for (const code of [
      Code.accountDisabled,
      Code.illegalRequest,
      Code.namespaceInvalid,
      Code.deny,
      Code.loginExpired,
    ]) {
      expect(envelopeCodeForClose(closeCodeForEnvelope(code))).toBe(code);
    }
    expect(closeCodeForEnvelope(Code.error)).toBe(WsClose.notLoggedIn);
  });
});
