import { Code, envelopeCodeForClose } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import { closeCodeFor } from './close-code.js';

describe('closeCodeFor', () => {
  it('is read back by clients as the same envelope code', () => {
    for (const code of [
      Code.accountDisabled,
      Code.illegalRequest,
      Code.namespaceInvalid,
      Code.deny,
      Code.loginExpired,
    ]) {
      expect(envelopeCodeForClose(closeCodeFor(code))).toBe(code);
    }
  });
});
