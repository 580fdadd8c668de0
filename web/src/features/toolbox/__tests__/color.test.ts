import { describe, expect, it } from 'vitest';
import { hexToRgb, isHexColor, rgbToHex } from '../utils/color';

describe('hexToRgb', () => {
  it.each([
    ['#FFFFFF', 'rgb(255, 255, 255)'],
    ['#000000', 'rgb(0, 0, 0)'],
    ['1e90ff', 'rgb(30, 144, 255)'],
    ['#1E90fF', 'rgb(30, 144, 255)'],
    [' #102030 ', 'rgb(16, 32, 48)'],
  ])('converts %j to %j', (hex, rgb) => {
    expect(hexToRgb(hex)).toBe(rgb);
    expect(isHexColor(hex)).toBe(true);
  });

  it.each(['#abc', 'abc', '#GGGGGG', '#1234567', '##123456', '', 'rgb(1,2,3)', '#12 345'])(
    'gives rgb(0, 0, 0) for %j',
    (hex) => {
      expect(hexToRgb(hex)).toBe('rgb(0, 0, 0)');
      expect(isHexColor(hex)).toBe(false);
    },
  );
});

describe('rgbToHex', () => {
  it.each([
    ['(255,255,255)', '#FFFFFF'],
    ['rgb(30, 144, 255)', '#1E90FF'],
    ['RGB(0,0,0)', '#000000'],
    ['1, 2, 3', '#010203'],
    [' ( 171 , 205 , 239 ) ', '#ABCDEF'],
  ])('converts %j to %j', (rgb, hex) => {
    expect(rgbToHex(rgb)).toEqual({ ok: true, hex, clamped: [] });
  });

  it('clamps values outside 0-255 and says which', () => {
    expect(rgbToHex('(300,0,0)')).toEqual({
      ok: true,
      hex: '#FF0000',
      clamped: [{ channel: 'r', from: 300, to: 255 }],
    });
    expect(rgbToHex('rgb(10, -5, 999)')).toEqual({
      ok: true,
      hex: '#0A00FF',
      clamped: [
        { channel: 'g', from: -5, to: 0 },
        { channel: 'b', from: 999, to: 255 },
      ],
    });
  });

  it.each(['', '(255,255)', '(1,2,3,4)', '(a,b,c)', '(1.5,2,3)', 'rgba(1,2,3)', '(1,,3)'])(
    'cannot read %j',
    (rgb) => {
      expect(rgbToHex(rgb)).toEqual({ ok: false });
    },
  );
});
