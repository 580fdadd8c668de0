import { describe, expect, it } from 'vitest';
import { extLoginParams } from '../utils/extLoginParams';
import { safeRedirect } from '../utils/safeRedirect';
import { toImagePoint } from '../utils/toImagePoint';

describe('toImagePoint', () => {
  it('scales a click from the rendered size to the 300x220 image', () => {
    const rect = { left: 10, top: 20, width: 150, height: 110 };
    expect(toImagePoint({ clientX: 85, clientY: 75 }, rect)).toEqual({ x: 150, y: 110 });
  });

  it('keeps points inside the image', () => {
    const rect = { left: 0, top: 0, width: 300, height: 220 };
    expect(toImagePoint({ clientX: -5, clientY: 400 }, rect)).toEqual({ x: 0, y: 220 });
  });
});

describe('safeRedirect', () => {
  it('keeps a path of this app', () => {
    expect(safeRedirect('/user/profile?tab=1')).toBe('/user/profile?tab=1');
  });

  it('refuses other sites, the login page and nonsense', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/login?x=1',
      undefined,
      3,
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});

describe('extLoginParams', () => {
  it('reads a signed link', () => {
    expect(extLoginParams('?account=007&token=ab12&time=1700000000&redirect=%2Fx')).toEqual({
      account: '007',
      token: 'ab12',
      time: 1700000000,
    });
  });

  it('needs account, token and time', () => {
    expect(extLoginParams('?account=a&token=b')).toBeUndefined();
    expect(extLoginParams('?account=a&time=1')).toBeUndefined();
    expect(extLoginParams('')).toBeUndefined();
  });
});
