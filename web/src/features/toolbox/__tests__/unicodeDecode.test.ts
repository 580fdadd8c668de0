import { describe, expect, it } from 'vitest';
import { decodeUnicodeEscapes } from '../utils/unicodeDecode';

describe('decodeUnicodeEscapes', () => {
  it.each([
    ['\\u4e2d\\u6587', '中文'],
    ['\\u4E2D\\u6587', '中文'],
    ['a\\u0041b', 'aAb'],
    ['\\ud83d\\ude00', '😀'],
    ['\\uD83D\\uDE00!', '😀!'],
    ['\\u{1F600}', '😀'],
    ['\\u{41}\\u{000041}', 'AA'],
    ['no escapes', 'no escapes'],
    ['', ''],
    ['{"name":"\\u5f20\\u4e09"}', '{"name":"张三"}'],
  ])('decodes %j', (input, output) => {
    expect(decodeUnicodeEscapes(input)).toEqual({ text: output, failed: 0 });
  });

  it.each([
    ['\\u12', '\\u12', 1],
    ['\\uZZZZ and \\u0041', '\\uZZZZ and A', 1],
    ['\\u{110000}', '\\u{110000}', 1],
    ['\\u{}', '\\u{}', 1],
    ['\\u{1234567}', '\\u{1234567}', 1],
    ['\\ud83d alone', '\\ud83d alone', 1],
    ['\\ude00 alone', '\\ude00 alone', 1],
    ['\\ud83d\\u0041', '\\ud83dA', 1],
    ['\\u{D800}', '\\u{D800}', 1],
    ['end \\u', 'end \\u', 1],
    ['\\ux \\uy', '\\ux \\uy', 2],
  ])('leaves %j as %j and counts %i unread', (input, output, failed) => {
    expect(decodeUnicodeEscapes(input)).toEqual({ text: output, failed });
  });
});
