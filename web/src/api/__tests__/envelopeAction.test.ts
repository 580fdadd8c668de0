import { Code } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import { envelopeAction } from '../envelopeAction';

describe('envelopeAction', () => {
  it('passes code 0 through', () => {
    expect(envelopeAction(Code.ok)).toBe('ok');
  });

  it('asks to log in again on disabled account, illegal request and expired session', () => {
    expect(envelopeAction(10000)).toBe('relogin');
    expect(envelopeAction(10001)).toBe('relogin');
    expect(envelopeAction(10086)).toBe('relogin');
  });

  it('leaves the namespace silently on 10002', () => {
    expect(envelopeAction(10002)).toBe('leaveNamespace');
  });

  it('toasts every other code', () => {
    for (const code of [1, 2, 10003, 10004, 500, -7]) expect(envelopeAction(code)).toBe('toast');
  });
});
