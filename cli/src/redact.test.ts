import { describe, expect, it } from 'vitest';
import { redact } from './redact.js';

describe('redact', () => {
  it('hides every occurrence of the secret', () => {
    expect(redact('key abc123 and abc123 again', 'abc123')).toBe('key *** and *** again');
  });

  it('leaves the text alone without a secret', () => {
    expect(redact('nothing to hide', '')).toBe('nothing to hide');
  });
});
