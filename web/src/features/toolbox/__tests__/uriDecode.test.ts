import { describe, expect, it } from 'vitest';
import { decodeUri } from '../utils/uriDecode';

describe('decodeUri', () => {
  it.each([
    ['a%20b', 'a b'],
    ['%E4%B8%AD%E6%96%87', '中文'],
    ['%e4%b8%ad', '中'],
    ['%F0%9F%98%80', '😀'],
    ['a+b', 'a+b'],
    ['a%2Bb', 'a+b'],
    ['https%3A%2F%2Fx.io%2F%3Fq%3D1%26r%3D2', 'https://x.io/?q=1&r=2'],
    ['plain', 'plain'],
    ['', ''],
  ])('decodes %j', (input, text) => {
    expect(decodeUri(input)).toEqual({ ok: true, text });
  });

  it('turns + into a space only when asked, keeping %2B a plus', () => {
    expect(decodeUri('a+b%2Bc', true)).toEqual({ ok: true, text: 'a b+c' });
  });

  it.each([
    ['100%', 4, '%', 'notHex'],
    ['a%zz', 2, '%zz', 'notHex'],
    ['ab%4', 3, '%4', 'notHex'],
    ['x%E4%B8', 2, '%E4%B8', 'notUtf8'],
    ['%41%FF', 4, '%FF', 'notUtf8'],
    ['%C0%80', 1, '%C0', 'notUtf8'],
    ['%E4%41%41', 1, '%E4%41%41', 'notUtf8'],
    ['%ED%A0%80', 1, '%ED%A0%80', 'notUtf8'],
  ])('says where %j is malformed', (input, position, sequence, reason) => {
    expect(decodeUri(input)).toEqual({ ok: false, position, sequence, reason });
  });
});
